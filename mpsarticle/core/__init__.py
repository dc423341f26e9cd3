"""The core: what is measured and how hard (workload, specs, profiles), statistics, the host and its conditions,
Apple's spec sheet. Standard library, numpy and scipy only: nothing here imports torch or another layer."""
