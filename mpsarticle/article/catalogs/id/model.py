"""Bahasa Indonesia: the model of a call's time, its predictions for every Apple chip and their checks (see the
package's notes)."""

MESSAGES = {
    # -- halaman pembuka: jawaban untuk Mac -------------------------------------------------------------
    "model.answer.crossover": "Perkiraan dari model yang dicocokkan di mesin ini, dengan parameter Mac yang diambil "
                              "dari angka terbitan pihak lain: GPU Apple baru mengungguli CPU-nya sendiri untuk B @ a "
                              "setelah matriksnya cukup besar, dan titik silangnya berkisar dari m ≈ {low} di "
                              "{low_chip} sampai m ≈ {high} di {high_chip}. Di bawah titik itu, biaya tetap GPU, "
                              "sekitar {gpu_op} per operasi, lebih besar daripada waktu kerjanya, sementara biaya "
                              "tetap CPU hanya {cpu_op}.",
    "model.answer.matmul": "Untuk perkalian matriks float32 dengan m = {m}, GPU diprediksi {low} lebih cepat daripada "
                           "CPU di {low_chip} dan {high} lebih cepat di {high_chip}.",
    "model.answer.matmul_mixed": "Untuk perkalian matriks float32 dengan m = {m}, CPU justru diprediksi {low} lebih "
                                 "cepat daripada GPU di {low_chip}, sedangkan GPU {high} lebih cepat di {high_chip}.",
    "model.answer.matmul_cpu": "Untuk perkalian matriks float32 dengan m = {m}, CPU diprediksi lebih cepat di semua "
                               "chip: {low} lebih cepat di {low_chip} sampai {high} di {high_chip}.",
    "model.answer.decode": {"plural": "limited",
                            "=1": "Model 7 miliar parameter berbobot 16-bit yang dijalankan PyTorch dalam mode "
                                  "eager diprediksi menghasilkan {eager_low} sampai {eager_high} token per detik, "
                                  "padahal membaca setiap bobot satu kali saja memungkinkan {bound_low} sampai "
                                  "{bound_high}; hanya di satu dari {variants} varian chip yang memorinya cukup "
                                  "menampungnya, biaya tetap per operasi menjadi bagian terbesar dari satu langkah.",
                            "other": "Model 7 miliar parameter berbobot 16-bit yang dijalankan PyTorch dalam mode "
                                     "eager diprediksi menghasilkan {eager_low} sampai {eager_high} token per detik, "
                                     "padahal membaca setiap bobot satu kali saja memungkinkan {bound_low} sampai "
                                     "{bound_high}; di {limited} dari {variants} varian chip yang memorinya cukup "
                                     "menampungnya, biaya tetap per operasi menjadi bagian terbesar dari satu "
                                     "langkah."},
    "model.answer.error": "Dibandingkan dengan {checks} pengukuran yang diterbitkan untuk {chips} chip dari {sources} "
                          "sumber, prediksinya meleset {median} secara median dan paling jauh {worst}; {misses} "
                          "pengukuran berada di luar rentang prediksinya.",
    "model.answer.none": "Untuk pengukuran ini, model belum punya prediksi bagi chip Apple: tidak ada satu pun "
                         "perangkatnya yang punya cukup hasil ukur untuk mencocokkan model.",
    "model.answer.mac": "Salinan situs ini diukur di {chip}, dan model sudah memprediksi chip ini sebelum "
                        "mengukurnya: {items}.",
    "model.mac.copy": "operasi salin memori biasa di GPU mencapai {measured} (prediksinya {predicted}, rentang {low} "
                      "sampai {high})",
    "model.mac.cross.from": "B @ a di GPU mengungguli CPU mulai m = {measured} (prediksinya mulai m ≈ {predicted}, "
                            "rentang {low} sampai {high})",
    "model.mac.cross.none": "B @ a di GPU tidak terbukti mengungguli CPU pada ukuran mana pun (prediksinya mulai "
                            "m ≈ {predicted}, rentang {low} sampai {high})",
    "model.mac.rate": "perkalian matriks float32 di GPU paling tinggi mencapai {measured} (prediksinya {predicted}, "
                      "rentang {low} sampai {high})",

    # -- pencocokan model ----------------------------------------------------------------------------
    "model.fit.device": {"plural": "points",
                         "other": "Di {device} ({points} titik), hasil pencocokannya {op} per operasi dan {bw}, "
                                  "dengan laju {rates}; terhadap titik-titik itu model meleset {median} secara "
                                  "median dan paling jauh {worst}."},
    "model.fit.rate": "{rate} dalam {dtype}",
    "model.fit.choice": "Untuk pengukuran ini, menjumlahkan ketiga suku lebih pas daripada mengambil yang terbesar: "
                        "titik yang khas meleset {chosen} kalau dijumlahkan dan {other} kalau diambil yang terbesar "
                        "(diukur pada titik-titik {device}).",
    "model.fit.choice_max": "Untuk pengukuran ini, mengambil suku terbesar dari ketiganya lebih pas daripada "
                            "menjumlahkannya: titik yang khas meleset {chosen} kalau diambil yang terbesar dan "
                            "{other} kalau dijumlahkan (diukur pada titik-titik {device}).",
    "model.fit.none": "Tidak ada perangkat di mesin ini yang punya cukup hasil ukur untuk mencocokkan model.",
    "model.fit.replayed": "Langkah decode yang diputar ulang tanpa host (CUDA graph atau langkah yang dikompilasi) "
                          "tidak ikut dicocokkan: di {device}, bahkan tanpa biaya tetap pun model meleset {error}.",
    "model.threshold.matvec": "Di {device}, B @ a dibatasi biaya tetap di bawah m ≈ {m}: pada ukuran itu, {bytes} "
                              "yang dipindahkannya makan waktu {op} (sama dengan satu panggilan) pada {bw}. Di atas "
                              "ukuran itu, yang membatasinya bandwidth.",
    "model.threshold.matmul": "A @ B dalam {dtype} di {device} mula-mula dibatasi biaya tetap, lalu dibatasi "
                              "{after} mulai m ≈ {m}.",
    "model.threshold.matmul_more": "A @ B dalam {dtype} di {device} mula-mula dibatasi biaya tetap, lalu dibatasi "
                                   "{after} mulai m ≈ {m}, dan dibatasi {after2} mulai m ≈ {m2}.",
    "model.regime.compute": "komputasi",
    "model.regime.bandwidth": "bandwidth",
    "model.regime.fixed": "biaya tetap",

    # -- uji terhadap hasil ukur pihak lain ----------------------------------------------------------
    "model.checks.source": "{source}: {n} angka, meleset {median} secara median dan paling jauh {worst}; yang di "
                           "luar rentang prediksi ada di {misses}.",
    "model.checks.source_all": "{source}: {n} angka, meleset {median} secara median dan paling jauh {worst}; "
                               "semuanya masuk rentang prediksinya.",
    "model.checks.conflicts.none": "Tidak ada angka kutipan yang melampaui batas yang dimungkinkan lembar "
                                   "spesifikasi chip-nya.",
    "model.checks.conflicts": "Angka berikut melampaui batas lembar spesifikasi, jadi entah angkanya entah lembarnya "
                              "yang keliru: {items}.",
    "model.checks.conflict": "{value} di {chip} ({source}), padahal batasnya {bound}",
    "model.checks.none": "Di pengukuran ini belum ada angka kutipan yang bisa dibandingkan dengan prediksi.",

    # -- bab penutup: aturan praktis ------------------------------------------------------------------
    "model.rule.fixed": "Pertama, biaya tetap: di {device} mesin ini, setiap operasi memakan sekitar {op} apa pun "
                        "isinya. Panggilan yang memindahkan kurang dari {bytes} (sebanyak yang bisa dipindahkan "
                        "{bw} dalam waktu itu) pada dasarnya membayar panggilannya, bukan pekerjaannya; B @ a "
                        "melewati garis itu pada m ≈ {m}. Menurut model, di Mac GPU membayar {gpu_op} per operasi, "
                        "sedangkan CPU {cpu_op}.",
    "model.rule.memory": "Kedua, memori terpadu: di Mac, CPU dan GPU membaca memori yang sama, jadi pekerjaan yang "
                         "dibatasi bandwidth paling banyak hanya bertambah cepat sebanyak rasio bandwidth yang "
                         "dicapai GPU terhadap yang dicapai CPU. Menurut median operasi salin yang diterbitkan, GPU "
                         "mencapai {gpu_share} dari bandwidth spesifikasi dan CPU {cpu_share}: rasionya {ratio}. "
                         "Memindahkan tensor ke perangkat lain pun berarti menyalin: setiap byte dibaca dan ditulis.",
    "model.rule.mac": "Ketiga, di Mac: jalankan pekerjaan seperti B @ a di mps hanya mulai m ≈ {cross} (nilai "
                      "tengah antarvarian chip; dari {low} di {low_chip} sampai {high} di {high_chip}), dan gabungkan "
                      "panggilan kecil sampai masing-masing memindahkan lebih dari {mac_bytes}, yaitu sebanyak yang "
                      "dibaca GPU varian tengah selama biaya tetap satu operasi. Untuk teks, PyTorch dalam mode eager "
                      "membayar {gpu_op} untuk setiap operasi dari sekitar {ops} operasi per token ({overhead} per "
                      "token model 7B). Biaya itu menjadi bagian terbesar dari satu token di {limited} dari "
                      "{variants} varian chip yang memorinya cukup untuk model seperti itu: di sana menggabungkan "
                      "operasi atau memakai mesin inferensi yang dikompilasi lebih menguntungkan daripada chip yang "
                      "lebih cepat; di varian lainnya bandwidth yang menentukan.",

    # -- bab pengukuran waktu: batang-batang tulisan blog ---------------------------------------------
    "model.post": "Untuk M1 Pro di tulisan blog itu, model memperkirakan satu B @ a pada m = {m} butuh paling "
                  "sedikit {device_time} di GPU ({moved} pada {bw}, laju operasi salin di sana), sedangkan "
                  "memanggilnya memakan {host_low} sampai {host_high} di sisi host (waktu per panggilan yang "
                  "diterbitkan untuk chip itu). Mulai m ≈ {from_m}, waktu di perangkat bahkan sudah melebihi angka "
                  "yang lebih besar itu, jadi timeit naif selesai sebelum GPU selesai bekerja. Di wilayah itu, kalau "
                  "{calls} perkalian tercatat total di bawah {total} pada m = {m}, yang terukur pasti hanya waktu "
                  "mengantrekannya.",
    "model.post.none": "Model tidak bisa memperkirakan berapa lama M1 Pro di tulisan blog itu mengerjakan B @ a: "
                       "chip itu tidak ada di lembar spesifikasi atau di operasi salin yang diterbitkan.",
}

MESSAGES.update({
    # -- tabel ----------------------------------------------------------------------------------------
    "model.table.fit.0": "Perangkat",
    "model.table.fit.1": "Beban kerja",
    "model.table.fit.2": "Titik",
    "model.table.fit.3": "Galat median",
    "model.table.fit.4": "Galat terbesar",
    "model.table.fit.5": "Galat terbesar pada ukuran",
    "model.table.replayed": "(diputar ulang, tidak dicocokkan)",
    "model.table.workload.matvec": "B @ a",
    "model.table.workload.matmul": "A @ B",
    "model.table.workload.copy": "Operasi salin memori",
    "model.table.workload.attention": "Attention",
    "model.table.workload.op_chain": "Rantai operasi kecil",
    "model.table.workload.decode": "Langkah decode",
    "model.table.predictions.0": "Chip",
    "model.table.predictions.1": "Inti GPU",
    "model.table.predictions.2": "B @ a: GPU unggul mulai m ≈",
    "model.table.predictions.3": "A @ B float32, m = 4.096: GPU ÷ CPU",
    "model.table.predictions.4": "A @ B float16, m = 4.096: GPU ÷ CPU",
    "model.table.predictions.5": "1B, 16-bit: token/s mode eager",
    "model.table.predictions.6": "1B, 16-bit: batas atas",
    "model.table.predictions.7": "7B, 16-bit: token/s mode eager",
    "model.table.predictions.8": "7B, 16-bit: batas atas",
    "model.table.predictions.9": "7B, 4-bit: token/s mode eager",
    "model.table.predictions.10": "7B, 4-bit: batas atas",
    "model.table.assumptions.0": "Asumsi",
    "model.table.assumptions.1": "Nilai tengah",
    "model.table.assumptions.2": "Rentang",
    "model.table.assumptions.3": "Baris kutipan",
    "model.table.assumptions.4": "Sumber",
    "model.assumption.gpu_bandwidth_share": "Operasi salin GPU ÷ bandwidth spesifikasi",
    "model.assumption.cpu_bandwidth_share": "Operasi salin CPU ÷ bandwidth spesifikasi",
    "model.assumption.gpu_fp32_share": "Perkalian matriks float32 GPU ÷ puncak float32 spesifikasi",
    "model.assumption.gpu_fp32_per_core": "Perkalian matriks float32 GPU per inti GPU (TFLOP/s), bila lembar "
                                          "spesifikasi tidak mencantumkan puncaknya",
    "model.assumption.gpu_fp16_over_fp32": "Laju float16 GPU ÷ laju float32",
    "model.assumption.cpu_fp32_tflops": "Perkalian matriks float32 CPU (TFLOP/s)",
    "model.assumption.gpu_op_us": "GPU: satu operasi kecil (µs)",
    "model.assumption.cpu_op_us": "CPU: satu operasi kecil (µs)",
    "model.assumption.cpu_fp16_over_fp32": "Laju float16 CPU ÷ laju float32",
    "model.assumption.stated": "ditetapkan: belum ada pengukuran yang diterbitkan",
    "model.table.checks.0": "Sumber",
    "model.table.checks.1": "Framework",
    "model.table.checks.2": "Yang diukur",
    "model.table.checks.3": "Jumlah angka",
    "model.table.checks.4": "Galat median",
    "model.table.checks.5": "Galat terbesar",
    "model.table.checks.6": "Di luar rentang prediksi di",
    "model.table.checks.7": "Melebihi lembar spesifikasi di",
    "model.quantity.copy_gb_s": "operasi salin memori (GB/s)",
    "model.quantity.concat_ms": "penggabungan tensor (ms)",
    "model.quantity.matmul_tflops_float32": "perkalian matriks float32 (TFLOP/s)",
    "model.quantity.matmul_tflops_float16": "perkalian matriks float16 (TFLOP/s)",
    "model.quantity.batched_matmul_ms": "1.000 perkalian matriks kecil (ms)",
    "model.quantity.decode_eager_tokens_s": "menghasilkan teks, mode eager (token/s)",
    "model.quantity.decode_bound_tokens_s": "menghasilkan teks, terhadap batasnya (token/s)",
    "model.quantity.prompt_tokens_s": "membaca prompt (token/s)",
    "figure.mac_model.title": "A @ B float32 pada m = {m}: berapa kali lebih cepat GPU dibandingkan CPU",
    "figure.mac_model.predicted": "prediksi (model)",
    "figure.mac_model.range": "rentang asumsi",
    "figure.mac_model.cited": "diterbitkan: laju GPU terbaik ÷ laju CPU terbaik",
    "figure.mac_model.axis": "GPU ÷ CPU (1× = sama cepat; di kanannya GPU lebih cepat)",
})
