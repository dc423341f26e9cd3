"""Measuring: the only layer that imports torch. Devices, the workloads' kernels, timing, memory, the run loop,
the session with its safeguards (interrupt, watchdog, resume, journal), the fresh worker processes (workers, pool,
child, wire), selfcheck and sustained mode."""
