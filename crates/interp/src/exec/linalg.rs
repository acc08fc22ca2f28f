//! Execution of `linalg` structured ops (generic and named, on memrefs and
//! tensors) and of `affine.parallel` with its reductions.

use super::*;

impl<'p> Machine<'p> {
    /// `affine.parallel`: loop `d` runs from the max of its lower-bound
    /// group to the min of its upper-bound group; each reduction starts at
    /// the identity of its kind and combines the yielded values in
    /// iteration order (what the lowering through `scf.parallel` does).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn affine_parallel(
        &mut self,
        f: &mut Frame,
        op: OpId,
        lower: (&MapApply, &[usize]),
        upper: (&MapApply, &[usize]),
        steps: &[i64],
        reductions: &[(i64, ElemTy)],
        body: &Region,
        res: &[Slot],
    ) -> Res<()> {
        let group = |vals: &[i64], groups: &[usize], max: bool| -> Option<Ints> {
            let mut out = Ints::new();
            let mut pos = 0;
            for &g in groups {
                let part = vals.get(pos..pos + g)?.iter().copied();
                out.push(if max { part.max()? } else { part.min()? });
                pos += g;
            }
            Some(out)
        };
        let lo = self.apply(f, op, lower.0)?;
        let hi = self.apply(f, op, upper.0)?;
        let (Some(lb), Some(ub)) = (group(&lo, lower.1, true), group(&hi, upper.1, false)) else {
            return Err(self.err(op, "malformed affine.parallel bounds"));
        };
        if lb.len() != ub.len() || steps.len() != ub.len() || steps.iter().any(|&s| s <= 0) {
            return Err(self.err(op, "malformed affine.parallel bounds"));
        }
        let mut acc: Vec<u64> = Vec::with_capacity(reductions.len());
        for &(kind, elem) in reductions {
            acc.push(reduction_identity(kind, elem).ok_or_else(|| self.err(op, "unsupported reduction kind"))?);
        }
        let counts: Ints =
            (0..ub.len()).map(|d| if ub[d] > lb[d] { (ub[d] - lb[d] + steps[d] - 1) / steps[d] } else { 0 }).collect();
        if let Some(entry) = body.blocks.first() {
            let ivs: SmallVec<[Slot; 4]> = entry.args.iter().copied().collect();
            for_each_index(&counts, |ix| {
                for (d, &iv) in ivs.iter().enumerate().take(ix.len()) {
                    f[iv as usize] = Value::S((lb[d] + ix[d] * steps[d]) as u64);
                }
                let mark = self.stack.len();
                let ys = self.run_region(f, body);
                self.pop_scope(mark, op);
                for (k, &y) in ys?.iter().enumerate() {
                    let (Some(&(kind, elem)), Some(a)) = (reductions.get(k), acc.get_mut(k)) else { break };
                    let v = f[y as usize].s();
                    *a = atomic_combine(kind, elem, *a, v).ok_or_else(|| self.ub(op))?;
                }
                Ok(())
            })?;
        }
        Self::set_all(f, res, acc.into_iter().map(Value::S).collect());
        Ok(())
    }

    pub(super) fn linalg(&mut self, f: &mut Frame, op: OpId, l: &Linalg) -> Res<()> {
        let n = l.operands.len();
        let nl = l.num_loops;
        // Operand access descriptions: (alloc or tensor index, offset, strides, shape).
        enum Src {
            Mem(u32),
            Ten(usize),
        }
        let mut srcs = Vec::with_capacity(n);
        let mut tens: Vec<Vec<u64>> = Vec::new();
        let mut shapes: Vec<SmallVec<[i64; 4]>> = Vec::with_capacity(n);
        let mut offs = Vec::with_capacity(n);
        let mut strides: Vec<SmallVec<[i64; 4]>> = Vec::with_capacity(n);
        let mut lens = Vec::with_capacity(n);
        for (i, &s) in l.operands.iter().enumerate() {
            match &f[s as usize] {
                Value::M(m) => {
                    srcs.push(Src::Mem(m.alloc));
                    shapes.push(m.sizes.clone());
                    offs.push(m.offset);
                    strides.push(m.strides.clone());
                    lens.push(i64::MAX);
                }
                Value::A(a) => {
                    srcs.push(Src::Ten(tens.len()));
                    tens.push(if i >= l.num_inputs { a.data.clone() } else { Vec::new() });
                    shapes.push(a.shape.clone());
                    offs.push(0);
                    strides.push(a.strides());
                    lens.push(a.data.len() as i64);
                }
                Value::S(_) => {
                    // A scalar input (e.g. the fill value): stride 0 everywhere.
                    srcs.push(Src::Ten(tens.len()));
                    tens.push(Vec::new());
                    shapes.push(SmallVec::new());
                    offs.push(0);
                    strides.push(SmallVec::new());
                    lens.push(1);
                }
                Value::Undef => return Err(self.err(op, "undefined operand")),
                Value::C(..) => return Err(self.err(op, "complex<f64> operands of linalg ops are not supported")),
            }
        }
        // Input tensors are read in place from their Rc.
        let in_tensors: Vec<Option<Rc<Agg>>> = l
            .operands
            .iter()
            .map(|&s| match &f[s as usize] {
                Value::A(a) => Some(a.clone()),
                _ => None,
            })
            .collect();
        let scalars: Vec<Option<u64>> = l
            .operands
            .iter()
            .map(|&s| match &f[s as usize] {
                Value::S(x) => Some(*x),
                _ => None,
            })
            .collect();
        // Loop bounds from operand shapes.
        let mut bounds = vec![-1i64; nl];
        for (i, m) in l.maps.iter().enumerate() {
            for (j, e) in m.results.iter().enumerate() {
                if let AffineExpr::Dim(d) = e {
                    if *d < nl && bounds[*d] < 0 {
                        bounds[*d] = shapes[i].get(j).copied().unwrap_or(1);
                    }
                }
            }
        }
        if bounds.iter().any(|&b| b < 0) {
            return Err(self.err(op, "cannot infer the loop bounds of this linalg op"));
        }
        // Linear address coefficients per operand.
        // Operands whose map is not linear in the loop dims (`mod`,
        // `floordiv`, `ceildiv`) get their address evaluated per iteration.
        let mut coef = vec![0i64; n * nl];
        let mut base = vec![0i64; n];
        let mut nonlinear: Vec<usize> = Vec::new();
        for i in 0..n {
            base[i] = offs[i];
            let lin: Option<Vec<(Vec<i64>, i64)>> = l.maps[i].results.iter().map(|e| linearize(e, nl)).collect();
            let Some(lin) = lin else {
                nonlinear.push(i);
                continue;
            };
            for (j, (c, k)) in lin.into_iter().enumerate() {
                let st = strides[i].get(j).copied().unwrap_or(0);
                base[i] += st * k;
                for d in 0..nl {
                    coef[i * nl + d] += st * c[d];
                }
            }
        }
        let total: i64 = bounds.iter().product();
        if let Some(entry) = l.body.blocks.first() {
            let args = entry.args.clone();
            let saved = std::mem::replace(&mut self.ivs, vec![0; nl]);
            let mut addr = base.clone();
            let mut ivs = vec![0i64; nl];
            let result = (|| -> Res<()> {
                for _ in 0..total.max(0) {
                    for &k in &nonlinear {
                        let mut ad = offs[k];
                        for (j, e) in l.maps[k].results.iter().enumerate() {
                            let x = e
                                .evaluate(&ivs, &[])
                                .ok_or_else(|| self.err(op, "indexing map evaluation failed (division by zero)"))?;
                            ad = ad.wrapping_add(x.wrapping_mul(strides[k].get(j).copied().unwrap_or(0)));
                        }
                        addr[k] = ad;
                    }
                    for (k, &a) in args.iter().enumerate() {
                        if !l.arg_used.get(k).copied().unwrap_or(true) || k >= n {
                            continue;
                        }
                        let x = match srcs[k] {
                            Src::Mem(al) => self.load(op, al, addr[k])?,
                            Src::Ten(t) => {
                                if let Some(x) = scalars[k] {
                                    x
                                } else {
                                    let ad = addr[k];
                                    if ad < 0 || ad >= lens[k] {
                                        return Err(self.err(op, "tensor access out of bounds"));
                                    }
                                    if k >= l.num_inputs {
                                        tens[t][ad as usize]
                                    } else {
                                        in_tensors[k].as_ref().map(|a| a.data[ad as usize]).unwrap_or(0)
                                    }
                                }
                            }
                        };
                        f[a as usize] = Value::S(x);
                    }
                    if nl > 0 && !self.ivs.is_empty() {
                        self.ivs.copy_from_slice(&ivs);
                    }
                    let ys = self.run_region(f, &l.body)?;
                    for (o, &y) in ys.iter().enumerate() {
                        let k = l.num_inputs + o;
                        if k >= n {
                            break;
                        }
                        let x = f[y as usize].s();
                        match srcs[k] {
                            Src::Mem(al) => self.store(op, al, addr[k], x)?,
                            Src::Ten(t) => {
                                let ad = addr[k];
                                if ad < 0 || ad >= lens[k] {
                                    return Err(self.err(op, "tensor access out of bounds"));
                                }
                                tens[t][ad as usize] = x;
                            }
                        }
                    }
                    // Odometer.
                    let mut d = nl;
                    while d > 0 {
                        d -= 1;
                        ivs[d] += 1;
                        for i in 0..n {
                            addr[i] += coef[i * nl + d];
                        }
                        if ivs[d] < bounds[d] {
                            break;
                        }
                        for i in 0..n {
                            addr[i] -= coef[i * nl + d] * bounds[d];
                        }
                        ivs[d] = 0;
                    }
                }
                Ok(())
            })();
            self.ivs = saved;
            result?;
        }
        if l.is_copy {
            let bytes = l.elems.first().map(|e| e.bytes()).unwrap_or(0);
            self.heap.count_copy(total.max(0) as u64 * bytes);
        }
        // Tensor results, in order of the tensor outputs.
        let mut r = 0;
        for k in l.num_inputs..n {
            if let Src::Ten(t) = srcs[k] {
                if let Some(&slot) = l.res.get(r) {
                    let data = std::mem::take(&mut tens[t]);
                    f[slot as usize] = Value::A(Rc::new(Agg { shape: shapes[k].clone(), data }));
                }
                r += 1;
            }
        }
        Ok(())
    }
}
