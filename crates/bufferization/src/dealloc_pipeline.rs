//! `buffer-deallocation-pipeline`: the passes that insert, simplify and
//! lower deallocations after bufferization, composed as upstream's
//! `buildBufferDeallocationPipeline` composes them: `memref.realloc`
//! expanded without deallocs, canonicalize, ownership-based deallocation,
//! canonicalize, dealloc simplification, the dealloc lowering, cse and a
//! last canonicalize.

use transforms::pass::{OptionDecl, PassOptions, PipelineInfo};

/// The pipeline's registration (its one option is handed to
/// `ownership-based-buffer-deallocation`).
pub fn pipeline_info() -> PipelineInfo {
    PipelineInfo {
        name: "buffer-deallocation-pipeline",
        summary: "The default pipeline for automatically inserting deallocation operations after one-shot bufferization. Deallocation operations (except `memref.realloc`) may not be present already.",
        expand,
        options: vec![OptionDecl {
            name: "private-function-dynamic-ownership",
            help: "Allows to add additional arguments to private functions to dynamically pass ownership of memrefs to callees. This can enable earlier deallocations.",
            default: "false",
            choices: &[],
        }],
    }
}

/// The pipeline's passes, as pipeline text.
fn expand(o: &PassOptions) -> String {
    let dynamic = o.get_bool("private-function-dynamic-ownership");
    format!(
        "expand-realloc{{emit-deallocs=false}},canonicalize,\
         ownership-based-buffer-deallocation{{private-function-dynamic-ownership={dynamic}}},canonicalize,\
         buffer-deallocation-simplification,bufferization-lower-deallocations,cse,canonicalize"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_option_reaches_the_ownership_pass() {
        let on = PassOptions { values: vec![("private-function-dynamic-ownership".into(), "true".into())] };
        assert!(expand(&on).contains("ownership-based-buffer-deallocation{private-function-dynamic-ownership=true}"));
        assert!(expand(&PassOptions::default()).contains("private-function-dynamic-ownership=false"));
    }
}
