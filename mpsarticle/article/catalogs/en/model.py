"""English: the model of a call's time, its predictions for every Apple chip and their checks (see the package's
notes)."""

MESSAGES = {
    # -- the opening page: the answer for Macs ------------------------------------------------------
    "model.answer.crossover": "Estimated by a model fitted on this machine, its Mac parameters taken from figures "
                              "others published: an Apple GPU beats its own CPU at B @ a only above a crossover that "
                              "ranges from m ≈ {low} on the {low_chip} to m ≈ {high} on the {high_chip}. Below it, "
                              "the GPU's fixed cost of about {gpu_op} per operation, against {cpu_op} on the CPU, "
                              "outweighs the work.",
    "model.answer.matmul": "At float32 matrix products of m = {m}, the GPU is predicted to be {low} faster than the "
                           "CPU on the {low_chip} and {high} faster on the {high_chip}.",
    "model.answer.matmul_mixed": "At float32 matrix products of m = {m}, the CPU is predicted to be {low} faster than "
                                 "the GPU on the {low_chip}, and the GPU {high} faster on the {high_chip}.",
    "model.answer.matmul_cpu": "At float32 matrix products of m = {m}, the CPU is predicted to be faster on every "
                               "chip: {low} faster on the {low_chip} to {high} on the {high_chip}.",
    "model.answer.decode": {"plural": "limited",
                            "=1": "A 7-billion-parameter model in 16-bit weights, run eagerly in PyTorch, would "
                                  "generate {eager_low} to {eager_high} tokens per second, against the {bound_low} to "
                                  "{bound_high} that reading every weight once allows; the fixed cost per operation "
                                  "is the larger part of a step on one of the {variants} chip variants whose memory "
                                  "holds it.",
                            "other": "A 7-billion-parameter model in 16-bit weights, run eagerly in PyTorch, would "
                                     "generate {eager_low} to {eager_high} tokens per second, against the {bound_low} "
                                     "to {bound_high} that reading every weight once allows; the fixed cost per "
                                     "operation is the larger part of a step on {limited} of the {variants} chip "
                                     "variants whose memory holds it."},
    "model.answer.error": "Against {checks} published measurements of {chips} chips from {sources} sources, the "
                          "predictions are off by {median} in the median and by {worst} at worst, and {misses} of "
                          "the measurements lie outside the predicted range.",
    "model.answer.none": "The model has no predictions for Apple chips in this build: none of its devices had "
                         "enough measurements to fit it.",
    "model.answer.mac": "This build ran on the {chip}, and the model predicted this chip before it measured: "
                        "{items}.",
    "model.mac.copy": "a plain copy on the GPU reached {measured} (predicted {predicted}, range {low} to {high})",
    "model.mac.cross.from": "B @ a on the GPU beat the CPU from m = {measured} on (predicted from m ≈ {predicted}, "
                            "range {low} to {high})",
    "model.mac.cross.none": "B @ a on the GPU was not shown to beat the CPU from any size on (predicted from "
                            "m ≈ {predicted}, range {low} to {high})",
    "model.mac.rate": "float32 matrix products on the GPU reached {measured} at best (predicted {predicted}, range "
                      "{low} to {high})",

    # -- the fit ---------------------------------------------------------------------------------------
    "model.fit.device": {"plural": "points",
                         "one": "On the {device} ({points} point): {op} per operation, {bw}, {rates}; the model "
                                "reproduces its points within {median} in the median, {worst} at worst.",
                         "other": "On the {device} ({points} points): {op} per operation, {bw}, {rates}; the model "
                                  "reproduces its points within {median} in the median, {worst} at worst."},
    "model.fit.rate": "{rate} in {dtype}",
    "model.fit.choice": "Adding the three terms fits this build better than taking the largest: a typical point is "
                        "{chosen} off with the sum and {other} off with the largest (the {device}'s points).",
    "model.fit.choice_max": "Taking the largest of the three terms fits this build better than adding them: a "
                            "typical point is {chosen} off with the largest and {other} off with the sum (the "
                            "{device}'s points).",
    "model.fit.none": "No device of this build has enough measurements to fit the model.",
    "model.fit.replayed": "A decode step replayed without the host (a CUDA graph or a compiled step) is left out of "
                          "the fit: on the {device}, even without the fixed cost, the model misses it by {error}.",
    "model.threshold.matvec": "On the {device}, B @ a is limited by the fixed cost below m ≈ {m}, where its "
                              "{bytes} take one call's {op} at {bw}, and by bandwidth above.",
    "model.threshold.matmul": "{dtype} A @ B on the {device} turns from fixed-cost-bound to {after}-bound at "
                              "m ≈ {m}.",
    "model.threshold.matmul_more": "{dtype} A @ B on the {device} turns from fixed-cost-bound to {after}-bound at "
                                   "m ≈ {m}, then {after2}-bound from m ≈ {m2}.",
    "model.regime.compute": "compute",
    "model.regime.bandwidth": "bandwidth",
    "model.regime.fixed": "fixed-cost",

    # -- the checks against what others measured -------------------------------------------------------
    "model.checks.source": "{source}: {n} figures, off by {median} in the median and {worst} at worst; outside the "
                           "predicted range on the {misses}.",
    "model.checks.source_all": "{source}: {n} figures, off by {median} in the median and {worst} at worst; each "
                               "inside its predicted range.",
    "model.checks.conflicts.none": "No cited figure is above what the spec sheet allows its chip.",
    "model.checks.conflicts": "Above what the spec sheet allows, so the figure or the sheet is wrong: {items}.",
    "model.checks.conflict": "{value} on the {chip} ({source}), against a bound of {bound}",
    "model.checks.none": "No cited figure can be compared with a prediction in this build.",

    # -- the closing chapter: rules ---------------------------------------------------------------------
    "model.rule.fixed": "First, the fixed cost: on this build's {device} every operation costs about {op} whatever it "
                        "does, so a call that moves fewer than {bytes} (what {bw} moves in that time) pays for the "
                        "call, not for the work; B @ a crosses that line at m ≈ {m}. On a Mac, by the model, the GPU "
                        "pays {gpu_op} per operation and the CPU {cpu_op}.",
    "model.rule.memory": "Second, unified memory: on a Mac the CPU and the GPU read the same memory, so work limited "
                         "by bandwidth gains at most what the GPU reaches over what the CPU reaches: {gpu_share} of "
                         "the spec bandwidth against {cpu_share} in the median of the published copies, {ratio}; and "
                         "moving a tensor to the other device is a copy that reads and writes every byte.",
    "model.rule.mac": "Third, on a Mac: put work like B @ a on mps only from m ≈ {cross} on (the median chip "
                      "variant; from {low} on the {low_chip} to {high} on the {high_chip}); batch small calls until "
                      "each moves more than {mac_bytes}, what the median variant's GPU reads in one operation's "
                      "fixed cost; and for text, eager PyTorch pays {gpu_op} for each of about {ops} operations per "
                      "token ({overhead} per token of a 7B model). That is the larger part of a token on {limited} "
                      "of the {variants} chip variants that hold such a model: there fusing the operations or a "
                      "compiled engine gains more than a faster chip; on the others bandwidth decides.",

    # -- the timing chapter: the blog post's bars --------------------------------------------------------
    "model.post": "For the post's M1 Pro, the model puts one B @ a at m = {m} at no less than {device_time} on the "
                  "GPU ({moved} at the {bw} a copy reaches there), while calling it costs the host {host_low} to "
                  "{host_high} (the per-call times published for that chip). From m ≈ {from_m} on, the device time "
                  "exceeds even the larger of those, so naive timeit returns before the GPU has finished: there a "
                  "total for {calls} products under {total} at m = {m} can only be the time to queue them.",
    "model.post.none": "The model cannot say how long the post's M1 Pro needs for B @ a: the spec sheet or the "
                       "published copies lack the chip.",
}

MESSAGES.update({
    # -- tables -------------------------------------------------------------------------------------------
    "model.table.fit.0": "Device",
    "model.table.fit.1": "Workload",
    "model.table.fit.2": "Points",
    "model.table.fit.3": "Median error",
    "model.table.fit.4": "Worst error",
    "model.table.fit.5": "Worst at size",
    "model.table.replayed": "(replayed, not fitted)",
    "model.table.workload.matvec": "B @ a",
    "model.table.workload.matmul": "A @ B",
    "model.table.workload.copy": "Plain copy",
    "model.table.workload.attention": "Attention",
    "model.table.workload.op_chain": "Chain of small operations",
    "model.table.workload.decode": "Decode step",
    "model.table.predictions.0": "Chip",
    "model.table.predictions.1": "GPU cores",
    "model.table.predictions.2": "B @ a: GPU wins from m ≈",
    "model.table.predictions.3": "float32 A @ B, m = 4,096: GPU ÷ CPU",
    "model.table.predictions.4": "float16 A @ B, m = 4,096: GPU ÷ CPU",
    "model.table.predictions.5": "1B, 16-bit: eager tokens/s",
    "model.table.predictions.6": "1B, 16-bit: bound",
    "model.table.predictions.7": "7B, 16-bit: eager tokens/s",
    "model.table.predictions.8": "7B, 16-bit: bound",
    "model.table.predictions.9": "7B, 4-bit: eager tokens/s",
    "model.table.predictions.10": "7B, 4-bit: bound",
    "model.table.assumptions.0": "Assumption",
    "model.table.assumptions.1": "Central value",
    "model.table.assumptions.2": "Range",
    "model.table.assumptions.3": "Cited rows",
    "model.table.assumptions.4": "Sources",
    "model.assumption.gpu_bandwidth_share": "GPU copy ÷ spec bandwidth",
    "model.assumption.cpu_bandwidth_share": "CPU copy ÷ spec bandwidth",
    "model.assumption.gpu_fp32_share": "GPU float32 product ÷ spec float32 peak",
    "model.assumption.gpu_fp32_per_core": "GPU float32 product per GPU core (TFLOP/s), where the sheet has no peak",
    "model.assumption.gpu_fp16_over_fp32": "GPU float16 rate ÷ float32 rate",
    "model.assumption.cpu_fp32_tflops": "CPU float32 product (TFLOP/s)",
    "model.assumption.gpu_op_us": "GPU: one small operation",
    "model.assumption.cpu_op_us": "CPU: one small operation",
    "model.assumption.cpu_fp16_over_fp32": "CPU float16 rate ÷ float32 rate",
    "model.assumption.stated": "stated: no published measurement",
    "model.table.checks.0": "Source",
    "model.table.checks.1": "Framework",
    "model.table.checks.2": "What was measured",
    "model.table.checks.3": "Figures",
    "model.table.checks.4": "Median error",
    "model.table.checks.5": "Worst error",
    "model.table.checks.6": "Outside the predicted range on",
    "model.table.checks.7": "Above the spec sheet on",
    "model.quantity.copy_gb_s": "plain copy (GB/s)",
    "model.quantity.concat_ms": "concatenation (ms)",
    "model.quantity.matmul_tflops_float32": "float32 matrix product (TFLOP/s)",
    "model.quantity.matmul_tflops_float16": "float16 matrix product (TFLOP/s)",
    "model.quantity.batched_matmul_ms": "1,000 small matrix products (ms)",
    "model.quantity.decode_eager_tokens_s": "generating text, eager (tokens/s)",
    "model.quantity.decode_bound_tokens_s": "generating text, against the bound (tokens/s)",
    "model.quantity.prompt_tokens_s": "reading a prompt (tokens/s)",
    "figure.mac_model.title": "float32 A @ B at m = {m}: how many times faster the GPU is than the CPU",
    "figure.mac_model.predicted": "predicted (model)",
    "figure.mac_model.range": "range of the assumptions",
    "figure.mac_model.cited": "published: best GPU rate ÷ best CPU rate",
    "figure.mac_model.axis": "GPU ÷ CPU (1× = as fast; right of it the GPU is faster)",
})
