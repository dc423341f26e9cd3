"""
The blog post's experiment, timed correctly: B @ a at the post's sizes, on the GPU if there is one.

Two fixes to the post's timeit call: a warm-up before the clock starts, and a synchronisation of the device
before each reading of the clock (MPS and CUDA run their work asynchronously). Needs nothing but PyTorch:

    python blog_post_timed_correctly.py

Percobaan tulisan blog itu, diukur dengan benar: B @ a pada ukuran-ukuran di tulisan itu, di GPU kalau ada.

Dua perbaikan untuk panggilan timeit di tulisan itu: pemanasan sebelum jam mulai berjalan, dan sinkronisasi perangkat
sebelum setiap kali jam dibaca (MPS dan CUDA mengerjakan tugasnya secara asinkron). Cukup PyTorch saja:

    python blog_post_timed_correctly.py
"""

import time

import torch

if torch.backends.mps.is_available():
    device, synchronize = torch.device("mps"), torch.mps.synchronize
elif torch.cuda.is_available():
    device, synchronize = torch.device("cuda"), torch.cuda.synchronize
else:
    # CPU: the work is done when the call returns / pekerjaannya sudah selesai saat panggilannya kembali
    device, synchronize = torch.device("cpu"), lambda: None

print(f"PyTorch {torch.__version__}, device {device.type}")
for m in [100, 300, 500, 750, 1000, 1500, 2000, 2500, 3000]:
    B = torch.rand(m, m, device=device)
    a = torch.rand(m, device=device)
    for _ in range(10):  # warm-up / pemanasan
        B @ a
    synchronize()
    start = time.perf_counter()
    for _ in range(100):
        B @ a
    synchronize()  # wait until all 100 products are done / tunggu sampai ke-100 perkalian selesai
    per_product = (time.perf_counter() - start) / 100
    print(f"m = {m:>4}: {per_product * 1e6:8.1f} µs per product")
