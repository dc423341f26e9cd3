"""English: the sentences of the pages (see the package's notes)."""

MESSAGES = {
    # -- the machine -----------------------------------------------------------------
    "hardware.label": "Measured on: {label}.",
    "cpu.threads": {"plural": "threads", "one": "{cpu}, {threads} thread", "other": "{cpu}, {threads} threads"},
    "cpu.plain": "{cpu}",
    "hardware.accelerator": "This build measured the {name} through {api} beside the CPU ({cpu}).",
    "hardware.accelerator_unmeasured": "This build found the {name} ({api}), but none of its measurements "
                                       "succeeded, so the comparisons below show the CPU ({cpu}) alone.",
    "hardware.failed_accelerator": "This build found the {name} ({api}) beside the CPU ({cpu}), but none of their "
                                   "measurements succeeded.",
    "hardware.failed": "This build found no usable accelerator, and none of its measurements of the CPU ({cpu}) "
                       "succeeded.",
    "hardware.none": "This build found no usable accelerator (neither MPS nor CUDA), so only the CPU ({cpu}) was "
                     "measured: the comparisons below show the CPU alone.",
    "devices.idiom": "On this build machine the idiom picks {device}.",
    "devices.default": "The extended choice, mps before cuda before cpu, picks {device} here.",

    # -- matrix × vector ----------------------------------------------------------------
    "original.total": "{total} on the {device}",
    "original.sentence": {"plural": "calls", "one": "Timed the original way, {calls} product at m = {size} took "
                                                    "{totals}.",
                          "other": "Timed the original way, {calls} products at m = {size} took {totals}."},
    "original.none": "No run of the original experiment succeeded in this build, so there is no total to quote.",
    "crossover.cpu_only": "With no accelerator in this build there is no crossover to report; the CPU's own curve "
                          "is shown.",
    "crossover.no_pairs": "No matrix size was measured well on both the CPU and the {device}, so there is no "
                          "speed-up to report.",
    "crossover.always": "On this machine the {device} is faster than the CPU at every size measured on "
                        "both: {first_factor} "
                        "faster at m = {first} and {factor} faster at m = {largest}.",
    "crossover.from.slower": "On this machine the {device} wins from m = {size} on: it is faster there and at every "
                             "larger size measured, {factor} faster at m = {largest}. Below m = {size} the CPU is "
                             "faster.",
    "crossover.from.same": "On this machine the {device} wins from m = {size} on: it is faster there and at every "
                           "larger size measured, {factor} faster at m = {largest}. Below m = {size} the two are "
                           "about as fast.",
    "crossover.from.not_faster": "On this machine the {device} wins from m = {size} on: it is faster there and at "
                                 "every larger size measured, {factor} faster at m = {largest}. Below m = {size} "
                                 "it is slower than the CPU or about as fast.",
    "crossover.from.mixed": "On this machine the {device} wins from m = {size} on: it is faster there and at every "
                            "larger size measured, {factor} faster at m = {largest}. Below m = {size} it wins at "
                            "some sizes and not at others.",
    "crossover.never.slower": "On this machine the {device} beats the CPU at none of the sizes measured: at "
                              "m = {largest} it takes {factor} as long as the CPU.",
    "crossover.never.same": "On this machine the {device} beats the CPU at none of the sizes measured: at "
                            "m = {largest} the two are about as fast ({acc} against {cpu}).",
    "crossover.mixed_one.slower": "On this machine the {device} beats the CPU at m = {best} ({factor} faster), but "
                                  "not at the largest size measured: at m = {largest} it takes {slow_factor} as long "
                                  "as the CPU.",
    "crossover.mixed_one.same": "On this machine the {device} beats the CPU at m = {best} ({factor} faster), but not "
                                "at the largest size measured: at m = {largest} the two are about as fast.",
    "crossover.mixed.slower": "On this machine the {device} beats the CPU at m = {wins} (up to {factor} faster, at "
                              "m = {best}), but not at the largest size measured: at m = {largest} it takes "
                              "{slow_factor} as long as the CPU.",
    "crossover.mixed.same": "On this machine the {device} beats the CPU at m = {wins} (up to {factor} faster, at "
                            "m = {best}), but not at the largest size measured: at m = {largest} the two are about "
                            "as fast.",
    "bandwidth.memory": "At its best (m = {size}) the {device} streams the matrix at {achieved}, {share} of the "
                        "{ceiling} its memory reached in a plain copy.",
    "bandwidth.in_cache": "At its best (m = {size}) the {device} reads the matrix at {achieved}, {share} of the "
                          "{ceiling} its memory reached in a plain copy; a matrix of that size ({matrix}) fits in its "
                          "{cache} of cache, so it need not have come from memory.",
    "bandwidth.cache": "At its best (m = {size}) the {device} reads the matrix at {achieved}, {times} the "
                       "{ceiling} its memory reached in a plain copy: a matrix of that size ({matrix}) fits in its "
                       "{cache} of cache, so this is the speed of the cache, not of the memory.",
    "bandwidth.above_copy": "At its best (m = {size}) the {device} reads the matrix at {achieved}, {times} the "
                            "{ceiling} of a plain copy: more than its memory delivered in the copy, so caches, and "
                            "the copy's extra traffic for writing, make up the difference.",
    "bandwidth.level": "At its best (m = {size}) the {device} reads the matrix at {achieved}, level within noise with "
                       "the {ceiling} its memory reached in a plain copy.",
    "bandwidth.no_ceiling": "At its best (m = {size}) the {device} streams the matrix at {achieved}; no copy was "
                            "measured on it to compare with.",
    "bandwidth.none": "No matrix-vector product was measured well in this build, so there is no bandwidth to report.",
    # A rate that falls by more than half from one size to the next (mpsarticle.analysis.findings.drops).
    "drop.one": "On the {device}, {what} falls from {high} at {before} to {low} at {after}, {share} of the rate "
                "one size earlier.",
    "drop.what.matvec": "the rate of B @ a",
    "drop.what.copy": "the rate of the plain copy",
    "drop.what.matmul": "the rate of A @ B in {dtype}",
    "drop.size.m": "m = {size}",
    "drop.size.n": "n = {size}",
    "drop.why": {"plural": "count",
                 "one": "The measurements show that this happened, not why: the larger size may have outgrown a "
                        "cache or the reach of the address translation, made PyTorch pick another kernel, or pushed "
                        "memory to swap, and nothing recorded here tells these apart.",
                 "other": "The measurements show that these falls happened, not why: the larger sizes may have "
                          "outgrown a cache or the reach of the address translation, made PyTorch pick another "
                          "kernel, or pushed memory to swap, and nothing recorded here tells these apart."},
    "drop.why.noswap": {"plural": "count",
                        "one": "The measurements show that this happened, not why: the larger size may have outgrown "
                               "a cache or the reach of the address translation, or made PyTorch pick another kernel "
                               "(this machine has no swap), and nothing recorded here tells these apart.",
                        "other": "The measurements show that these falls happened, not why: the larger sizes may have "
                                 "outgrown a cache or the reach of the address translation, or made PyTorch pick "
                                 "another kernel (this machine has no swap), and nothing recorded here tells these "
                                 "apart."},
    "drop.cache": "The data moved grows from {small} at {before} to {large} at {after}, past the {cache} of cache the "
                  "{device} reports.",
    "drop.why.cache": {"plural": "count",
                       "one": "The measurements show that this happened, not why: outgrowing the cache fits the "
                              "sizes, but the larger size may also have outgrown the reach of the address translation, "
                              "made PyTorch pick another kernel, or pushed memory to swap.",
                       "other": "The measurements show that these falls happened, not why: outgrowing the cache fits "
                                "the sizes, but the larger sizes may also have outgrown the reach of the address "
                                "translation, made PyTorch pick another kernel, or pushed memory to swap."},
    "drop.why.cache.noswap": {"plural": "count",
                              "one": "The measurements show that this happened, not why: outgrowing the cache fits "
                                     "the sizes, but the larger size may also have outgrown the reach of the address "
                                     "translation or made PyTorch pick another kernel (this machine has no swap).",
                              "other": "The measurements show that these falls happened, not why: outgrowing the "
                                       "cache fits the sizes, but the larger sizes may also have outgrown the reach of "
                                       "the address translation or made PyTorch pick another kernel (this machine has "
                                       "no swap)."},

    "drop.why.brief": {"plural": "count",
                       "one": "The measurements show that this happened, not why; the chapter on the matrix-vector "
                              "product lists what can cause it.",
                       "other": "The measurements show that these falls happened, not why; the chapter on the "
                                "matrix-vector product lists what can cause them."},

    # -- timing methods ---------------------------------------------------------------
    "gap.no_accelerator": "This build had no accelerator, so the gap between naive and synchronised timing cannot "
                          "be shown on this machine; the table shows the CPU alone.",
    "gap.unmeasured": "The naive and synchronised times of the {device} cannot be compared in this build: no "
                      "matrix-vector product was measured well both ways on it.",
    "gap.optimistic": "At m = {size}, naive timeit reports {naive} per product on the {device}, while the "
                      "synchronised timer measures {engine}: the naive number is {factor} too small, too optimistic.",
    "gap.optimistic.events": "At m = {size}, naive timeit reports {naive} per product on the {device}, while the "
                             "synchronised timer measures {engine} and the device's own events {events}: the naive "
                             "number is {factor} too small, too optimistic.",
    "gap.pessimistic": "At m = {size}, naive timeit reports {naive} per product on the {device}, while the "
                       "synchronised timer measures {engine}: the naive number is {factor} too large, too "
                       "pessimistic.",
    "gap.pessimistic.events": "At m = {size}, naive timeit reports {naive} per product on the {device}, while the "
                              "synchronised timer measures {engine} and the device's own events {events}: the naive "
                              "number is {factor} too large, too pessimistic.",
    "gap.agrees": "At m = {size} on the {device}, naive timeit gives {naive} per product and the synchronised "
                  "timer {engine}: here the two agree within a fifth.",
    "gap.agrees.events": "At m = {size} on the {device}, naive timeit gives {naive} per product, the synchronised "
                         "timer {engine} and the device's own events {events}: here naive timeit and the synchronised "
                         "timer agree within a fifth.",
    "gap.unclear": "At m = {size} on the {device}, naive timeit gives {naive} per product and the synchronised "
                   "timer {engine}: the two are too noisy here to say whether they agree within a fifth.",
    "gap.unclear.events": "At m = {size} on the {device}, naive timeit gives {naive} per product, the synchronised "
                          "timer {engine} and the device's own events {events}: naive timeit and the synchronised "
                          "timer are too noisy here to say whether they agree within a fifth.",
    "gap.cpu.agrees": "On the CPU the two agree: at m = {size} naive timeit gives {naive} and the synchronised timer "
                      "{engine}, because the CPU finishes each product before the call returns.",
    "gap.cpu.pessimistic": "On the CPU, at m = {size}, naive timeit gives {naive} and the synchronised timer {engine}, "
                           "{factor} less; the CPU does finish each product before the call returns, so the difference "
                           "comes from other things, such as the naive method's missing warm-up.",
    "gap.cpu.optimistic": "On the CPU, at m = {size}, naive timeit gives {naive} and the synchronised timer {engine}, "
                          "{factor} more; the CPU does finish each product before the call returns, so the difference "
                          "does not come from a queue.",
    "gap.cpu.unclear": "On the CPU, at m = {size}, naive timeit gives {naive} and the synchronised timer {engine}: "
                       "too noisy here to say whether they agree within a fifth.",
    "gap.cpu.none": "No matrix-vector product was timed both ways on the CPU in this build.",
    # The blog post's sizes timed both ways (sentences.post_sentence): on the accelerator, else on the CPU.
    "post.all": "On this build's {device}, naive timeit reported too short a time at every one of the blog post's "
                "sizes, m = {first} to {last}: up to {factor} too small, at m = {at}. Timed that way, the clock stops "
                "once the products are queued, before the GPU has finished them; how far off the post's own mps "
                "bars were, measured on the post's own Mac, this build cannot tell.",
    "post.mixed": "Across the blog post's sizes, naive timeit on this build's {device} reported {clauses}.",
    "post.agrees_all": "Across the blog post's sizes, m = {first} to {last}, naive timeit on this build's {device} "
                       "agreed with the synchronised timer within {margin} at every one.",
    "post.rest_agree": "At the other sizes the two agreed within {margin}.",
    "post.noisy_all": "Across the blog post's sizes, m = {first} to {last}, naive timeit on this build's {device} "
                      "cannot be told apart from the synchronised timer: at every one the interval of their ratio "
                      "was too wide to say whether the two agree within {margin} or not.",
    "post.clause.too_small.one": "too short a time at m = {sizes} ({factor} too small)",
    "post.clause.too_small.many": "too short a time at m = {sizes} (up to {factor} too small, at m = {at})",
    "post.clause.too_large.one": "too long a time at m = {sizes} ({factor} too large)",
    "post.clause.too_large.many": "too long a time at m = {sizes} (up to {factor} too large, at m = {at})",
    "post.clause.unclear.one": "times too noisy to judge at m = {sizes}",
    "post.clause.unclear.many": "times too noisy to judge at m = {sizes}",
    "post.some.then": "So on this machine naive timing reports too short a time at some of the post's sizes and not "
                      "at others; how the post's own mps bars fared, measured on the post's own Mac, this build "
                      "cannot tell.",
    "post.none.then": "So on this machine naive timing was shown to report too short a time at none of the post's "
                      "sizes; whether it did for the post's own mps bars, measured on the post's own Mac, this build "
                      "cannot tell.",
    "post.cpu.lead": "This build has no accelerator, so it cannot show what naive timing does on a GPU.",
    "post.cpu.agrees": "A CPU finishes each product before the call returns, so there is no queue to hide behind.",
    "post.cpu.differs": "A CPU finishes each product before the call returns, so the differences do not come from a "
                        "queue but from other things, such as the naive method's missing warm-up.",
    "post.cpu.archive": "The archive of other machines, in its own chapter, holds results recorded with both "
                        "timings; those of a machine with an accelerator show what naive timing did there.",
    "post.unmeasured": "This build found the {device}, but none of the blog post's sizes was measured well both ways "
                       "on it, so it cannot show what naive timing did there.",
    "post.none": "In this build none of the blog post's sizes was measured well both ways on any device, so it cannot "
                 "show what naive timing did.",

    # -- matrix × matrix -----------------------------------------------------------------
    "matmul.rate": "{dtype} {rate}",
    "matmul.rates": "Best rates on the {device}: {rates}.",
    "matmul.rates_missing": "Best rates on the {device}: {rates}; {missing}.",
    "matmul.nothing": "On the {device} no matrix product was measured well: {missing}.",
    "matmul.none": "No matrix product was measured well in this build.",
    "missing.unsupported": {"plural": "dtypes", "one": "{dtypes} is not supported",
                            "other": "{dtypes} are not supported"},
    "missing.failed_check": "{dtypes} failed the correctness check",
    "missing.out_of_memory": "{dtypes} ran out of memory",
    "missing.error": "{dtypes} failed with an error",
    "missing.timeout": "{dtypes} stopped at the time limit per point",
    "missing.crashed": "the process measuring {dtypes} crashed",
    "matmul.compare": "At the sizes both devices measured, {clauses}.",
    "matmul.same_size.faster": "the {device} is faster in {dtype} ({factor} faster at m = {size})",
    "matmul.same_size.faster.all": "the {device} is faster in {dtype} at each of them, m = {sizes} ({factor} faster "
                                   "at m = {size})",
    "matmul.same_size.slower": "the CPU is faster in {dtype} ({factor} faster at m = {size})",
    "matmul.same_size.slower.all": "the CPU is faster in {dtype} at each of them, m = {sizes} ({factor} faster at "
                                   "m = {size})",
    "matmul.same_size.same": "the two are level within noise in {dtype} (at m = {size})",
    "matmul.same_size.same.all": "the two are level within noise in {dtype} at each of them, m = {sizes}",
    "matmul.same_size.not_faster": "in {dtype} the {device} is faster at none of m = {sizes} (the CPU is faster "
                                   "at m = {losses}, level at the others)",
    "matmul.same_size.mixed": "in {dtype} the {device} is faster only at m = {wins} (of m = {sizes})",
    "matmul.best": "Best rate against best rate, each at the size where it was reached: {clauses}.",
    "matmul.best.faster": "in {dtype} the {device}'s best (m = {acc_size}) is {factor} the CPU's best (m = {cpu_size})",
    "matmul.best.slower": "in {dtype} the CPU's best (m = {cpu_size}) is {factor} the {device}'s best "
                          "(m = {acc_size})",
    "matmul.best.same": "in {dtype} the two bests (m = {acc_size} and m = {cpu_size}) are level within noise",
    # The CPU's own half precisions against its float32, at the sizes it measured both.
    "cpuhalf.sentence": "On this build's CPU, against its own float32 at the same sizes: {clauses}.",
    "cpuhalf.faster": "{dtype} is faster ({factor} faster at m = {size})",
    "cpuhalf.faster.all": "{dtype} is faster at every one of them, m = {sizes} ({factor} faster at m = {size})",
    "cpuhalf.slower": "{dtype} is slower (float32 is {factor} faster at m = {size})",
    "cpuhalf.slower.all": "{dtype} is slower at every one of them, m = {sizes} (float32 is {factor} faster at "
                          "m = {size})",
    "cpuhalf.same": "{dtype} is neither faster nor slower beyond noise (at m = {size})",
    "cpuhalf.same.all": "{dtype} is neither faster nor slower beyond noise at every one of them, m = {sizes}",
    "cpuhalf.not_faster": "{dtype} is faster at none of m = {sizes} (slower at m = {losses}, level at the others)",
    "cpuhalf.mixed": "{dtype} is faster only at m = {wins} (of m = {sizes})",
    "cpuhalf.mixed.slower": "{dtype} is faster only at m = {wins} and slower at m = {losses} (of m = {sizes})",
    "cpuhalf.none": "This build did not measure the CPU in a half precision and in float32 at the same size, so it "
                    "cannot say whether half precision pays off on this CPU.",
    "tf32.off": "The {device}'s float32 products ran with TF32 off (torch.backends.cuda.matmul.allow_tf32 was "
                "False, PyTorch's default), so its float32 rate is that of full float32 arithmetic.",
    "tf32.conv.on": "In this run cuDNN was allowed TF32 (torch.backends.cudnn.allow_tf32 was True, PyTorch's "
                    "default), so the {device}'s convolutions in the training step may have run with TF32's shorter "
                    "mantissa, while the CPU's ran in full float32.",
    "tf32.conv.off": "In this run cuDNN's TF32 was off (torch.backends.cudnn.allow_tf32 was False), so the {device}'s "
                     "convolutions ran in full float32, as the CPU's did.",
    "tf32.on": "The {device}'s float32 products ran with TF32 on (torch.backends.cuda.matmul.allow_tf32 was True): "
               "its float32 rate is that of TF32's shorter mantissa, not of full float32 arithmetic.",

    # -- training -----------------------------------------------------------------------
    "train.faster": "With a batch of {batch}, one training step takes {acc} on the {device} and {cpu} on the CPU: "
                    "the {device} is {factor} faster.",
    "train.slower": "With a batch of {batch}, one training step takes {acc} on the {device} and {cpu} on the CPU: "
                    "the {device} is slower, taking {factor} as long.",
    "train.same": "With a batch of {batch}, one training step takes {acc} on the {device} and {cpu} on the CPU: "
                  "about the same, within noise.",
    "train.also.faster": "At batch {batch} the {device} is {factor} faster.",
    "train.also.slower": "At batch {batch}, though, the CPU is faster: the {device} takes {factor} as long.",
    "train.also.same": "At batch {batch} the two are about as fast.",
    "train.also.missing": "At batch {batch} the step on the {device} {why}.",
    "train.cpu_only": "With a batch of {batch}, one training step takes {cpu} on this build's CPU.",
    "train.accelerator_missing": "With a batch of {batch}, one training step takes {cpu} on the CPU; on the "
                                 "{device} the step {why}.",
    "train.none": "No training step was measured well in this build.",
    "step.unsupported": "is not supported",
    "step.failed_check": "failed its correctness check",
    "step.out_of_memory": "ran out of memory",
    "step.error": "failed with an error",
    "step.timeout": "stopped at the time limit per point",
    "step.crashed": "crashed the process measuring it",
    "step.not_measured": "was not measured",

    # -- correctness ----------------------------------------------------------------------
    "check.passed": "Every result in this build passed its correctness check; for the training step the largest "
                    "relative error of the gradients against float64 was {worst}, on the {device}, within the limit "
                    "of {tolerance}.",
    "check.passed_no_training": "Every result that ran in this build passed its correctness check; no training step "
                                "was measured well, so no gradients were compared.",
    "check.failed": {"plural": "count",
                     "one": "{count} result failed its correctness check ({where}); it is marked in the figures "
                            "and never counted as a speed.",
                     "other": "{count} results failed their correctness check ({where}); they are marked in the "
                              "figures and never counted as speed."},
    "check.nothing": "Nothing in this build ran to the end, so nothing could be checked.",
    "point.matvec": "B @ a at m = {sizes} on the {device}",
    "point.matmul": "A @ B in {dtype} at m = {sizes} on the {device}",
    "point.copy": "the copy of n = {sizes} on the {device}",
    "point.train_step": "the training step at batch {sizes} on the {device}",
    "point.op_chain": "the chain of {sizes} small operations on the {device}",
    "point.attention": "attention in {dtype} at {sizes} positions on the {device}",
    "point.decode": "the decode step of width {sizes} on the {device}",
    "point.other": "{workload} on the {device}",
    "point.more": {"plural": "count", "one": "{count} more kind", "other": "{count} more kinds"},

    # -- method ----------------------------------------------------------------------------
    "measured": {"plural": "points", "one": "This build measured {points} point with the {profile} profile on {date}.",
                 "other": "This build measured {points} points with the {profile} profile on {date}."},
    "processes.one": "Each point was measured in one process, so its interval holds only the variation inside "
                     "that process.",
    "processes.steady": "Each point was measured in {processes} fresh processes. For the typical point of the "
                        "synchronised timer (the median of {points}), {share} of the spread of one process's result "
                        "came from which process it ran in, the rest from the noise inside a process; for no point was "
                        "it more than half.",
    "processes.most": "Each point was measured in {processes} fresh processes. For the typical point of the "
                      "synchronised timer (the median of {points}), {share} of the spread of one process's result "
                      "came from which process it ran in, the rest from the noise inside a process. The process "
                      "mattered most for {most}.",
    "processes.point": "{point} ({share} between processes; its slowest process took {spread} as long as its "
                       "fastest)",
    "measured.missing": {"plural": "points",
                         "one": "This build measured {points} point with the {profile} profile on {date}; {missing}.",
                         "other": "This build measured {points} points with the {profile} profile on {date}; "
                                  "{missing}."},
    "missing_count.unsupported": {"plural": "count", "one": "{count} was not supported on this machine",
                                  "other": "{count} were not supported on this machine"},
    "missing_count.failed_check": {"plural": "count", "one": "{count} failed its correctness check",
                                   "other": "{count} failed their correctness check"},
    "missing_count.out_of_memory": {"plural": "count", "one": "{count} did not fit in memory",
                                    "other": "{count} did not fit in memory"},
    "missing_count.error": {"plural": "count", "one": "{count} failed with an error",
                            "other": "{count} failed with an error"},
    "missing_count.timeout": {"plural": "count", "one": "{count} stopped at the time limit per point",
                              "other": "{count} stopped at the time limit per point"},
    "missing_count.crashed": {"plural": "count", "one": "{count} crashed the process measuring it",
                              "other": "{count} crashed the process measuring them"},
    "selfcheck.agree": {"plural": "rows",
                        "one": "In this build the {rows} comparison agrees: its two 95% intervals, each across "
                               "{processes}, lie within ±{tolerance} of each other.",
                        "other": "In this build the {rows} comparisons all agree: in each, the two 95% intervals, "
                                 "each across {processes}, lie within ±{tolerance} of each other."},
    "selfcheck.differ": {"plural": "outside",
                         "one": "In this build {outside} of {rows} comparisons falls outside ±{tolerance}, its two "
                                "95% intervals (each across {processes}) further apart than that.",
                         "other": "In this build {outside} of {rows} comparisons fall outside ±{tolerance}, their two "
                                  "95% intervals (each across {processes}) further apart than that."},
    "selfcheck.row": "For {label} on the {device}, the synchronised timer read {ratio} times what {reference} "
                     "measured, and their intervals lay {gap}% apart.",
    "selfcheck.processes": {"plural": "processes", "one": "one process", "other": "{processes} fresh processes"},
    "selfcheck.cost": "The synchronised timer spent {wall} in all on these points, {timed} of it inside timed blocks "
                      "({factor} the time inside blocks); the references, given at least as long in timed blocks, "
                      "spent {theirs}.",
    "selfcheck.none": "The selfcheck timed no point in this build.",

    # -- other machines ----------------------------------------------------------------------
    "machines.listing": {"plural": "count",
                         "=1": "Beside the machine that built this copy, the archive holds one other: {labels}.",
                         "other": "Beside the machine that built this copy, the archive holds {count} others: "
                                  "{labels}."},
    "machines.none": "The archive is empty: this chapter shows this build alone until a machine is added.",
    "machines.drops": {"plural": "count",
                       "=1": "In the archived results of {label}, a rate falls by more than half from one size to "
                              "the next. {drops}",
                       "other": "In the archived results of {label}, {count} rates fall by more than half from one "
                                "size to the next. {drops}"},
    "machines.skipped": {"plural": "count", "one": "Warning: {count} invalid archive file was left out: {files}",
                         "other": "Warning: {count} invalid archive files were left out: {files}"},

    # -- the answer (opening page and closing chapter) -------------------------------------
    "answer.wins": "On this machine the {device} beats the CPU at {areas}.",
    "answer.no_wins": "On this machine the {device} beats the CPU at none of the sizes both devices measured.",
    "answer.losses": "The CPU is faster at {areas}.",
    "answer.no_losses": "The CPU beats the {device} at none of the sizes both devices measured.",
    "answer.rule.both": "Rule of thumb from these numbers: use the {device} for {use}, and keep {keep} on the CPU.",
    "answer.rule.use": "Rule of thumb from these numbers: use the {device} for {use}.",
    "answer.rule.keep": "Rule of thumb from these numbers: keep {keep} on the CPU; the {device} did not beat it at "
                        "any size both devices measured.",
    "answer.rule.level": "No rule of thumb follows from these numbers: the {device} and the CPU are level within "
                         "noise wherever both were measured.",
    "answer.cpu_only": "This build measured no accelerator, only its CPU ({cpu}), so it cannot say where a GPU "
                       "would win: the answer here is about this CPU.",
    "answer.cpu_facts": "On its own the CPU {facts}.",
    "answer.cpu_facts.none": "No measurement of the CPU succeeded either.",
    "cpufact.matvec": "reads a matrix at up to {rate} in B @ a",
    "cpufact.matmul": "computes float32 matrix products at up to {rate}",
    "cpufact.train": "takes {time} per training step at batch {batch}",
    "answer.cpu_rule.stay": "Rule of thumb from these numbers: on this CPU, stay with float32.",
    "answer.cpu_rule.try": "Rule of thumb from these numbers: on this CPU, {dtypes} can pay off.",
    "answer.cpu_rule.none": "No rule of thumb about precision follows from these numbers: the CPU measured float32 "
                            "alone.",
    "answer.cpu_rule.unmeasured": "No rule of thumb about precision follows from these numbers: no float32 matrix "
                                  "product was measured well on the CPU.",
    "answer.rule.nothing": "No rule of thumb follows from a build in which nothing was measured.",
    "answer.accelerator_failed": "This build found the {name} ({api}), but none of its measurements succeeded, so it "
                                 "cannot say where that GPU wins: the answer here is about the CPU ({cpu}).",
    "answer.missing.unsupported": "Matrix products in {dtypes} could not be compared: the {device} does not support "
                                  "them here.",
    "answer.missing.failed_check": "Matrix products in {dtypes} could not be compared: on the {device} they failed "
                                   "their correctness check.",
    "answer.missing.out_of_memory": "Matrix products in {dtypes} could not be compared: on the {device} they did not "
                                    "fit in memory.",
    "answer.missing.error": "Matrix products in {dtypes} could not be compared: on the {device} they failed with an "
                            "error.",
    "answer.missing.timeout": "Matrix products in {dtypes} could not be compared: on the {device} they stopped at "
                              "the time limit per point.",
    "answer.missing.crashed": "Matrix products in {dtypes} could not be compared: on the {device} the process "
                              "measuring them crashed.",
    "answer.nothing": {"plural": "count",
                       "one": "The {count} measurement of this build did not succeed, so it has no answer to give; "
                              "the chapter on the method counts the failures by reason.",
                       "other": "None of the {count} measurements of this build succeeded, so it has no answer to "
                                "give; the chapter on the method counts the failures by reason."},
    "answer.tokens.model": "A language model runs a matrix-vector product over each of its weight matrices for every "
                           "token it generates, so a model with {parameters} parameters in {bits}-bit weights reads "
                           "{model} per token.",
    "answer.tokens.beyond_cache": {"plural": "tokens",
                                   "one": "At the {rate} that B @ a reached on the {device} with a matrix larger than "
                                          "its caches (m = {size}), that allows at most {rate} ÷ {model} ≈ {tokens} "
                                          "token per second.",
                                   "other": "At the {rate} that B @ a reached on the {device} with a matrix larger "
                                            "than its caches (m = {size}), that allows at most {rate} ÷ {model} ≈ "
                                            "{tokens} tokens per second."},
    "answer.tokens.largest": {"plural": "tokens",
                              "one": "At the {rate} that B @ a reached on the {device} with its largest matrix "
                                     "(m = {size}, the one caches help least), that allows at most {rate} ÷ {model} ≈ "
                                     "{tokens} token per second.",
                              "other": "At the {rate} that B @ a reached on the {device} with its largest matrix "
                                       "(m = {size}, the one caches help least), that allows at most {rate} ÷ {model} "
                                       "≈ {tokens} tokens per second."},
    "answer.tokens.fits_cache": {"plural": "tokens",
                                 "one": "At the {rate} that B @ a reached on the {device} with its largest matrix "
                                        "(m = {size}; it fits in the {cache} of cache, so this may be partly the "
                                        "cache's speed, not memory's), that allows at most {rate} ÷ {model} ≈ "
                                        "{tokens} token per second.",
                                 "other": "At the {rate} that B @ a reached on the {device} with its largest matrix "
                                          "(m = {size}; it fits in the {cache} of cache, so this may be partly the "
                                          "cache's speed, not memory's), that allows at most {rate} ÷ {model} ≈ "
                                          "{tokens} tokens per second."},
    "answer.tokens.also.beyond_cache": {"plural": "tokens",
                                        "one": "On the {device}, at the {rate} of a matrix larger than its caches "
                                               "(m = {size}), the bound is {tokens} token per second.",
                                        "other": "On the {device}, at the {rate} of a matrix larger than its caches "
                                                 "(m = {size}), the bound is {tokens} tokens per second."},
    "answer.tokens.also.largest": {"plural": "tokens",
                                   "one": "On the {device}, at the {rate} of its largest matrix (m = {size}), the "
                                          "bound is {tokens} token per second.",
                                   "other": "On the {device}, at the {rate} of its largest matrix (m = {size}), the "
                                            "bound is {tokens} tokens per second."},
    "answer.tokens.also.fits_cache": {"plural": "tokens",
                                      "one": "On the {device}, at the {rate} of its largest matrix (m = {size}, which "
                                             "fits in its {cache} of cache), the bound is {tokens} token per second.",
                                      "other": "On the {device}, at the {rate} of its largest matrix (m = {size}, "
                                               "which fits in its {cache} of cache), the bound is {tokens} tokens per "
                                               "second."},
    "answer.tokens.none": "No matrix-vector product was measured well, so this build gives no bound on a language "
                          "model's speed.",
    "caption.answer.compared": "Every comparison of this build's {device} with its CPU: each bar is the CPU's time "
                               "divided by that of the {device} at the same size, on a logarithmic axis, with its 95% "
                               "interval. Right of 1 the {device} is faster, left of 1 the CPU is.",
    "caption.answer.cpu_only": "With no accelerator to compare, the chart that says most about this build is the "
                               "bandwidth its CPU reached reading the matrix in B @ a, against the bandwidth of a "
                               "plain copy (dashed): it sets the bound on a language model below.",
    "caption.answer.nothing": "No measurement of this build succeeded, so this chart has nothing to show.",
    # Where one side wins (the answer's first two sentences); factors are the winner's advantage.
    "area.matvec.all.win": "matrix-vector products at every size from m = {first} to {last} ({factor} faster at m = "
                           "{at})",
    "area.matvec.from.win": "matrix-vector products from m = {size} on ({factor} faster at m = {at})",
    "area.matvec.size.win": "matrix-vector products at m = {at} ({factor} faster)",
    "area.matvec.sizes.win": "matrix-vector products at m = {sizes} (up to {factor} faster, at m = {at})",
    "area.matvec.all.loss": "matrix-vector products at every size from m = {first} to {last} ({factor} faster at m = "
                            "{at})",
    "area.matvec.below.loss": "matrix-vector products below m = {size} ({factor} faster at m = {at})",
    "area.matvec.size.loss": "matrix-vector products at m = {at} ({factor} faster)",
    "area.matvec.sizes.loss": "matrix-vector products at m = {sizes} (up to {factor} faster, at m = {at})",
    "area.train_step.all.win": "the training step at every batch from {first} to {last} ({factor} faster at batch "
                               "{at})",
    "area.train_step.from.win": "the training step from batch {size} on ({factor} faster at batch {at})",
    "area.train_step.size.win": "the training step at batch {at} ({factor} faster)",
    "area.train_step.sizes.win": "the training step at batch {sizes} (up to {factor} faster, at batch {at})",
    "area.train_step.all.loss": "the training step at every batch from {first} to {last} ({factor} faster at batch "
                                "{at})",
    "area.train_step.below.loss": "the training step below batch {size} ({factor} faster at batch {at})",
    "area.train_step.size.loss": "the training step at batch {at} ({factor} faster)",
    "area.train_step.sizes.loss": "the training step at batch {sizes} (up to {factor} faster, at batch {at})",
    "area.matmul.all.win": "{dtype} matrix products at every size from m = {first} to {last} ({factor} faster at m = "
                           "{at})",
    "area.matmul.from.win": "{dtype} matrix products from m = {size} on ({factor} faster at m = {at})",
    "area.matmul.size.win": "{dtype} matrix products at m = {at} ({factor} faster)",
    "area.matmul.sizes.win": "{dtype} matrix products at m = {sizes} (up to {factor} faster, at m = {at})",
    "area.matmul.all.loss": "{dtype} matrix products at every size from m = {first} to {last} ({factor} faster at m "
                            "= {at})",
    "area.matmul.below.loss": "{dtype} matrix products below m = {size} ({factor} faster at m = {at})",
    "area.matmul.size.loss": "{dtype} matrix products at m = {at} ({factor} faster)",
    "area.matmul.sizes.loss": "{dtype} matrix products at m = {sizes} (up to {factor} faster, at m = {at})",
    # The rule of thumb's short forms of the same areas.
    "area.matvec.range.win": "matrix-vector products from m = {first} to {last} (up to {factor} faster, at m = {at})",
    "area.matvec.range.loss": "matrix-vector products from m = {first} to {last} (up to {factor} faster, at m = {at})",
    "area.train_step.range.win": "the training step from batch {first} to {last} (up to {factor} faster, at batch "
                                 "{at})",
    "area.train_step.range.loss": "the training step from batch {first} to {last} (up to {factor} faster, at batch "
                                  "{at})",
    "area.matmul.range.win": "{dtype} matrix products from m = {first} to {last} (up to {factor} faster, at m = {at})",
    "area.matmul.range.loss": "{dtype} matrix products from m = {first} to {last} (up to {factor} faster, at m = {at})",
    "use.matvec.range": "matrix-vector products from m = {first} to {last}",
    "use.train_step.range": "training steps from batch {first} to {last}",
    "use.matmul.range": "{dtype} matrix products from m = {first} to {last}",
    "keep.matvec.range": "matrix-vector products from m = {first} to {last}",
    "keep.train_step.range": "training steps from batch {first} to {last}",
    "keep.matmul.range": "{dtype} matrix products from m = {first} to {last}",
    "use.matvec.all": "matrix-vector products of every size from m = {first} to {last}",
    "use.matvec.from": "matrix-vector products from m = {size} on (matrices of {bytes} and more)",
    "use.matvec.size": "matrix-vector products at m = {sizes}",
    "use.matvec.sizes": "matrix-vector products at m = {sizes}",
    "use.train_step.all": "training steps at every batch from {first} to {last}",
    "use.train_step.from": "training steps from batch {size} on",
    "use.train_step.size": "training steps at batch {sizes}",
    "use.train_step.sizes": "training steps at batch {sizes}",
    "use.matmul.all": "{dtype} matrix products of every size from m = {first} to {last}",
    "use.matmul.from": "{dtype} matrix products from m = {size} on",
    "use.matmul.size": "{dtype} matrix products at m = {sizes}",
    "use.matmul.sizes": "{dtype} matrix products at m = {sizes}",
    "keep.matvec.all": "matrix-vector products",
    "keep.matvec.below": "matrix-vector products below m = {size}",
    "keep.matvec.size": "matrix-vector products at m = {sizes}",
    "keep.matvec.sizes": "matrix-vector products at m = {sizes}",
    "keep.train_step.all": "training steps like this one",
    "keep.train_step.below": "training steps below batch {size}",
    "keep.train_step.size": "training steps at batch {sizes}",
    "keep.train_step.sizes": "training steps at batch {sizes}",
    "keep.matmul.all": "{dtype} matrix products",
    "keep.matmul.below": "{dtype} matrix products below m = {size}",
    "keep.matmul.size": "{dtype} matrix products at m = {sizes}",
    "keep.matmul.sizes": "{dtype} matrix products at m = {sizes}",

    # -- reasons (closing chapter) -------------------------------------------------------------
    "reason.small.faster": "Even the smallest matrix-vector product measured, m = {size}, takes {acc} on the "
                           "{device} against {cpu} on the CPU, by the synchronised timer.",
    "reason.small.slower": "At the smallest matrix-vector product measured, m = {size}, one call takes {acc} on the "
                           "{device} against {cpu} on the CPU, by the synchronised timer.",
    "reason.small.same": "At the smallest matrix-vector product measured, m = {size}, one call takes {acc} on the "
                         "{device} and {cpu} on the CPU by the synchronised timer, level within noise.",
    "reason.streaming": "Reading that matrix at {rate}, the rate B @ a reached on the {device} at m = {large}, would "
                        "take only {stream}: the rest of its {acc} is the fixed cost of a call.",
    "reason.small.cpu": "This machine has no GPU, so only the CPU's side of that comparison was measured: at m = "
                        "{size}, "
                        "the smallest matrix-vector product measured, the CPU takes {cpu} per call by the "
                        "synchronised timer.",
    "reason.large.cpu": "With no accelerator in this build, the CPU's memory has nothing to be compared with; the "
                        "chapter on the matrix-vector product gives the rate at which this CPU read its largest "
                        "matrices.",
    "reason.small.none": "No small matrix-vector product was measured well on both devices in this build.",
    # How fast one device read a large matrix, and how far that is a rate from memory (findings.Bandwidth).
    "reading.beyond_cache": "{rate} on the {device} (m = {size}, a matrix of {matrix}, larger than its caches: "
                            "from memory)",
    "reading.largest": "{rate} on the {device} (m = {size}, its largest matrix; its cache size is not known, so this "
                       "is not shown to be memory's speed)",
    "reading.fits_cache": "{rate} on the {device} (m = {size}, its largest matrix, {matrix}, which fits in its "
                          "{cache} of cache, so this may be partly the cache's speed)",
    "reason.large.faster": "Large matrix-vector products are limited by how fast the matrix can be delivered: B @ a "
                           "read large matrices at {reads}, so the {device} reads {factor} as fast.",
    "reason.large.slower": "Large matrix-vector products are limited by how fast the matrix can be delivered: B @ a "
                           "read large matrices at {reads}, so the CPU reads {factor} as fast as the {device}.",
    "reason.large.same": "Large matrix-vector products are limited by how fast the matrix can be delivered: B @ a "
                           "read large matrices at {reads}, level within noise.",
    # -- the chapter "Your Mac" ------------------------------------------------------------------
    "your_mac.summary": {"plural": "measured",
                         "one": "The spec sheet below lists {chips} Apple chips in {variants} variants by GPU cores, "
                                "from the {first} to the {last}. {measured} of them has at least one figure measured "
                                "and published by others: {rows} figures from {sources} sources.",
                         "other": "The spec sheet below lists {chips} Apple chips in {variants} variants by GPU "
                                  "cores, from the {first} to the {last}. {measured} of them have at least one figure "
                                  "measured and published by others: {rows} figures from {sources} sources."},
    "your_mac.arithmetic": "For example, the {chip} reads memory at {bandwidth} by Apple's spec sheet. B @ a at "
                           "m = {m} reads 4 × ({m}² + 2 × {m}) bytes = {moved}, so it takes at least {moved} ÷ "
                           "{bandwidth} = {least} however fast the GPU computes. A 7-billion-parameter model in "
                           "16-bit weights reads 7 billion × 2 bytes = {weights} for every token it generates, so "
                           "the chip can generate at most {bandwidth} ÷ {weights} ≈ {tokens} tokens per second, and "
                           "only if those {weights} fit its {memory} of memory beside everything else.",
    "your_mac.answer.cited": "This copy of the site was built on a machine without an Apple GPU (its CPU: {cpu}), so "
                             "none of the numbers above are a Mac's. This article cites {rows} measurements of "
                             "{chips} Apple chips that others published; with PyTorch on the GPU, a plain copy "
                             "ranged from {low} on the {low_chip} to {high} on the {high_chip} ({source}).",
    "your_mac.answer.none": "This copy of the site was built on a machine without an Apple GPU (its CPU: {cpu}), so "
                            "none of the numbers above are a Mac's.",
    "your_mac.answer.mac_both": {"plural": "figures",
                                 "one": "This build ran on the {chip}, where a plain copy on the GPU reached {mine}. "
                                        "Others have published {figures} figure of PyTorch on this chip's GPU; their "
                                        "best copy reached {copy} ({source}).",
                                 "other": "This build ran on the {chip}, where a plain copy on the GPU reached "
                                          "{mine}. Others have published {figures} figures of PyTorch on this chip's "
                                          "GPU; their best copy reached {copy} ({source})."},
    "your_mac.answer.mac_cited": {"plural": "figures",
                                  "one": "This build ran on the {chip}. Others have published {figures} figure of "
                                         "PyTorch on its GPU; their best copy reached {copy} ({source}).",
                                  "other": "This build ran on the {chip}. Others have published {figures} figures of "
                                           "PyTorch on its GPU; their best copy reached {copy} ({source})."},
    "your_mac.answer.mac_cited_other": {"plural": "figures",
                                        "one": "This build ran on the {chip}. Others have published {figures} "
                                               "figure of PyTorch on its GPU.",
                                        "other": "This build ran on the {chip}. Others have published {figures} "
                                                 "figures of PyTorch on its GPU."},
    "your_mac.answer.mac_uncited": "This build ran on the {chip}. No published measurement of PyTorch on its GPU is "
                                   "in the article's list yet.",
    # -- language models (the chapter llm; the answer's decode sentence and rule) ------------------
    "ops.sentence": "One small operation costs {costs}: the time of a call of {ops} additions on {n} values, each "
                    "waiting for the one before, divided by {ops}.",
    "ops.cost": "{cost} on the {device}",
    "ops.none": "No chain of small operations was measured well in this build.",
    "attention.best": "On the {device} attention reached at best {rates}.",
    "attention.rate": "{rate} in {dtype} ({seq} positions, head size {dim})",
    "attention.rate.matmul": "{rate} in {dtype} ({seq} positions, head size {dim}; its best {dtype} matrix product "
                             "reached {mm} at m = {m})",
    "attention.none": "No attention call was measured well in this build.",
    "attention.backend.one": {"plural": "count",
                              "one": "On the {device} PyTorch chose its {backend} kernel for the one attention call "
                                     "measured.",
                              "other": "On the {device} PyTorch chose its {backend} kernel for all {count} attention "
                                       "calls measured."},
    "attention.backend.none": "So this build recorded no attention backend.",
    "attention.backend.several": "On the {device} PyTorch chose {choices} of the {total} attention calls measured.",
    "attention.backend.choice": "its {backend} kernel for {count}",
    "attention.call": "{seq} positions with head size {dim}",
    "attention.compared.faster": "In {dtype}, attention is faster on the {device} than on the CPU for every call "
                                 "measured on both, up to {factor} faster at {call}.",
    "attention.compared.slower": "In {dtype}, attention is slower on the {device} than on the CPU for every call "
                                 "measured on both: it takes up to {factor} as long at {call}.",
    "attention.compared.same": "In {dtype}, attention on the {device} and on the CPU is level within noise for every "
                               "call measured on both.",
    "attention.compared.mixed": "In {dtype}, attention is faster on the {device} than on the CPU at {faster}, and "
                                "not at {other}.",
    "attention.compared.not_faster": "In {dtype}, attention is faster on the {device} than on the CPU for none of the "
                                     "calls measured on both ({other}).",
    "attention.compared.none": "No attention call in {dtype} was measured well on both the {device} and the CPU.",
    "attention.compared.no_accelerator": "With no accelerator in this build, attention ran on the CPU alone.",
    "decode.eager": {"plural": "tokens",
                     "one": "On the {device}, the model of {params} parameters in {dtype} generated {tokens} token "
                            "per second at a context of {context} positions: one token every {time}.",
                     "other": "On the {device}, the model of {params} parameters in {dtype} generated {tokens} tokens "
                              "per second at a context of {context} positions: one token every {time}."},
    "decode.bound": {"plural": "bound",
                     "one": "It reads {bytes} per token; at the {rate} that B @ a reached on the {device} at m = {m}, "
                            "that allows at most {rate} ÷ {bytes} ≈ {bound} token per second, so the step reached "
                            "{share} of its bound.",
                     "other": "It reads {bytes} per token; at the {rate} that B @ a reached on the {device} at "
                              "m = {m}, that allows at most {rate} ÷ {bytes} ≈ {bound} tokens per second, so the step "
                              "reached {share} of its bound."},
    "decode.no_bound": "No B @ a was measured well on the {device}, so there is no bound to set it against.",
    "decode.limit.overhead": "Its {ops} operations at {cost} each come to {total} of its {time}: on the {device} the "
                             "fixed cost of each call, not bandwidth, limits it.",
    "decode.limit.neither": "Its {ops} operations at {cost} each come to {total} of its {time}: on the {device}, "
                            "neither bandwidth nor the fixed cost of its calls accounts for most of it.",
    "decode.limit.bandwidth": "So on the {device} bandwidth accounts for most of its time: reading its bytes at that "
                              "rate takes at least half of the step.",
    "decode.limit.unknown": "No small operation was measured well on the {device}, so this build cannot say how much "
                            "of the step is the fixed cost of its calls.",
    "decode.how.cuda_graph": "Replayed as a CUDA graph",
    "decode.how.torch_compile": "Compiled with torch.compile",
    "decode.graph.faster": {"plural": "tokens",
                            "one": "{how}, the same step generated {tokens} token per second, {factor} faster "
                                   "than eager and {share} of its bound.",
                            "other": "{how}, the same step generated {tokens} tokens per second, {factor} "
                                     "faster than eager and {share} of its bound."},
    "decode.graph.same": {"plural": "tokens",
                          "one": "{how}, the same step generated {tokens} token per second, level within "
                                 "noise with eager ({share} of its bound).",
                          "other": "{how}, the same step generated {tokens} tokens per second, level within "
                                   "noise with eager ({share} of its bound)."},
    "decode.graph.slower": {"plural": "tokens",
                            "one": "{how}, the same step was slower than eager: {tokens} token per second, "
                                   "{factor} as long, {share} of its bound.",
                            "other": "{how}, the same step was slower than eager: {tokens} tokens per "
                                     "second, {factor} as long, {share} of its bound."},
    "decode.graph.faster.no_bound": {"plural": "tokens",
                                     "one": "{how}, the same step generated {tokens} token per second, {factor} "
                                            "faster than eager.",
                                     "other": "{how}, the same step generated {tokens} tokens per second, {factor} "
                                              "faster than eager."},
    "decode.graph.same.no_bound": {"plural": "tokens",
                                   "one": "{how}, the same step generated {tokens} token per second, level within "
                                          "noise with eager.",
                                   "other": "{how}, the same step generated {tokens} tokens per second, level within "
                                            "noise with eager."},
    "decode.graph.slower.no_bound": {"plural": "tokens",
                                     "one": "{how}, the same step was slower than eager: {tokens} token per second, "
                                            "{factor} as long.",
                                     "other": "{how}, the same step was slower than eager: {tokens} tokens per "
                                              "second, {factor} as long."},
    "decode.graph.missing": "The same step without per-call overhead was not measured here: {why}.",
    "decode.missing": "On the {device}, the decode step of the model of {params} parameters in {dtype} was not "
                      "measured ({why}).",
    "decode.missing.no_reason": "no reason was recorded",
    "decode.none": "No decode step was measured in this build.",
    "answer.decode.overhead": "Measured here, a model of {params} parameters reading {bytes} per token generated "
                              "{tokens} tokens per second on the {device}, against a bound of {rate} ÷ {bytes} ≈ "
                              "{bound} tokens per second: {share} of it, so on this machine the fixed cost of each "
                              "call, not bandwidth, limits a language model run eagerly in PyTorch.",
    "answer.decode.neither": "Measured here, a model of {params} parameters reading {bytes} per token generated "
                             "{tokens} tokens per second on the {device}, against a bound of {rate} ÷ {bytes} ≈ "
                             "{bound} tokens per second: {share} of it, with neither bandwidth nor the fixed cost of "
                             "its calls accounting for most of the time.",
    "answer.decode.bandwidth": "Measured here, a model of {params} parameters reading {bytes} per token generated "
                               "{tokens} tokens per second on the {device}, against a bound of {rate} ÷ {bytes} ≈ "
                               "{bound} tokens per second: {share} of it, so on this machine bandwidth accounts for "
                               "most of its time.",
    "answer.decode.unknown": "Measured here, a model of {params} parameters reading {bytes} per token generated "
                             "{tokens} tokens per second on the {device}, against a bound of {rate} ÷ {bytes} ≈ "
                             "{bound} tokens per second: {share} of it.",
    "answer.decode.none": "No decode step was measured well beside a bound in this build.",
    "rule.attention.faster": "Attention in {dtype} belongs on the {device} too: it was faster there for every call "
                             "measured on both.",
    "rule.attention.slower": "Attention in {dtype} is better kept on the CPU here: the {device} was slower for every "
                             "call measured on both.",
    "rule.attention.same": "For attention in {dtype} the device does not matter here: the two were level within noise "
                           "for every call measured on both.",
    "rule.attention.mixed": "For attention in {dtype}, which device wins depends on the length and head size here.",
    "rule.decode.overhead": "To generate text on the {device}, count the operations per token, not only the bytes: "
                            "eager PyTorch reached {share} of the bandwidth bound here.",
    "rule.decode.neither": "To generate text on the {device}, count both the bytes and the operations per token: "
                           "eager PyTorch reached {share} of the bandwidth bound here, and neither explains most of "
                           "its time.",
    "rule.decode.none": "No rule of thumb for generating text follows from this build: no decode step was measured "
                        "well beside a bound and the cost of one operation.",
    "rule.decode.bandwidth": "To generate text on the {device}, count the bytes per token: eager PyTorch reached "
                             "{share} of the bandwidth bound here.",
    "reason.ops": "A chain of small operations measures that fixed cost directly: one operation costs {acc} on the "
                  "{device} against {cpu} on the CPU.",
    "reason.ops.cpu": "A chain of small operations measures that fixed cost directly: one operation costs {cpu} on "
                      "the CPU.",
}
