//! External runtime calls (`func.call` to functions the program only
//! declares): the `mlir_c_runner_utils` / printing entry points, run on
//! snapshots of their shaped arguments.

use super::*;

impl<'p> Machine<'p> {
    pub(super) fn call_ext(&mut self, op: OpId, name: &str, args: &[Value], tys: &[Type], nres: usize) -> Res<()> {
        let ctx = self.ir.ctx();
        // Snapshot every shaped argument's elements first (reporting faults).
        struct Snap {
            m: MemRef,
            elem: ElemTy,
            vals: rustc_hash::FxHashMap<i64, u64>,
        }
        let mut snaps: Vec<Option<Snap>> = Vec::new();
        for (i, v) in args.iter().enumerate() {
            let t = tys.get(i).copied().unwrap_or_else(|| self.ir.value_type(self.ir.operand(op, i)));
            let elem = ctx.element_type(t).and_then(|e| ElemTy::of(ctx, e));
            match v {
                Value::M(m) => {
                    let elem = elem.ok_or_else(|| self.err(op, "unsupported element type"))?;
                    let mut lins = Vec::new();
                    m.for_each_linear(|l| lins.push(l));
                    let mut vals = rustc_hash::FxHashMap::default();
                    for l in lins {
                        let v = self.load(op, m.alloc, l)?;
                        vals.insert(l, v);
                    }
                    snaps.push(Some(Snap { m: (**m).clone(), elem, vals }));
                }
                Value::A(a) => {
                    let elem = elem.ok_or_else(|| self.err(op, "unsupported element type"))?;
                    let vals = a.data.iter().enumerate().map(|(i, &x)| (i as i64, x)).collect();
                    let m = MemRef {
                        alloc: u32::MAX - 1,
                        offset: 0,
                        sizes: a.shape.clone(),
                        strides: a.strides(),
                        base: true,
                    };
                    snaps.push(Some(Snap { m, elem, vals }));
                }
                _ => snaps.push(None),
            }
        }
        let closures: Vec<Option<ElemFn<'_>>> = snaps
            .iter()
            .map(|s| {
                s.as_ref().map(|s| {
                    let b: Box<dyn Fn(i64) -> RtScalar + '_> =
                        Box::new(move |l: i64| s.elem.to_rt(s.vals.get(&l).copied().unwrap_or(0)));
                    b
                })
            })
            .collect();
        let mut rt: Vec<RtArg> = Vec::new();
        for (i, v) in args.iter().enumerate() {
            match (&snaps[i], &closures[i]) {
                (Some(sn), Some(c)) => rt.push(RtArg::Memref(RtMemref {
                    base_addr: (u64::from(sn.m.alloc) + 1) << 32,
                    offset: sn.m.offset,
                    sizes: &sn.m.sizes,
                    strides: &sn.m.strides,
                    elem: c.as_ref(),
                })),
                _ => {
                    let t = tys.get(i).copied().unwrap_or_else(|| self.ir.value_type(self.ir.operand(op, i)));
                    let e = ElemTy::of(ctx, t).ok_or_else(|| self.err(op, "unsupported argument type"))?;
                    rt.push(RtArg::Scalar(e.to_rt(v.s())));
                }
            }
        }
        let mut out = String::new();
        let r = runner_utils::call_runtime(name, &rt, &mut out);
        drop(rt);
        drop(closures);
        self.out.push_str(&out);
        match r {
            None => Err(self.err(op, format!("call to external function @{name} that is not a runner utility"))),
            Some(Err(msg)) => Err(self.err(op, msg)),
            Some(Ok(())) => {
                if nres > 0 {
                    return Err(self.err(op, format!("runner utility @{name} returns no value")));
                }
                Ok(())
            }
        }
    }
}
