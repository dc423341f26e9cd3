"""Bahasa Indonesia: the sentences of the pages (see the package's notes)."""

MESSAGES = {
    # -- the machine -----------------------------------------------------------------
    "hardware.label": "Diukur di: {label}.",
    "cpu.threads": {"plural": "threads", "other": "{cpu}, {threads} thread"},
    "cpu.plain": "{cpu}",
    "hardware.accelerator": "Build ini mengukur {name} melalui {api} di samping CPU ({cpu}).",
    "hardware.accelerator_unmeasured": "Build ini menemukan {name} ({api}), tetapi tidak satu pun pengukurannya "
                                       "berhasil, jadi perbandingan di bawah hanya menampilkan CPU ({cpu}).",
    "hardware.failed_accelerator": "Build ini menemukan {name} ({api}) di samping CPU ({cpu}), tetapi tidak satu pun "
                                   "pengukuran keduanya berhasil.",
    "hardware.failed": "Build ini tidak menemukan akselerator yang bisa dipakai, dan tidak satu pun pengukurannya di "
                       "CPU ({cpu}) yang berhasil.",
    "hardware.none": "Build ini tidak menemukan akselerator yang bisa dipakai (tidak ada MPS maupun CUDA), jadi "
                     "hanya CPU ({cpu}) yang diukur: perbandingan di bawah hanya menampilkan CPU.",
    "devices.idiom": "Di mesin build ini, idiom tersebut memilih {device}.",
    "devices.default": "Pilihan yang diperluas, mps lalu cuda lalu cpu, di sini memilih {device}.",

    # -- matrix × vector ----------------------------------------------------------------
    "original.total": "{total} di {device}",
    "original.sentence": {"plural": "calls",
                          "other": "Diukur dengan cara aslinya, {calls} perkalian pada m = {size} memakan {totals}."},
    "original.none": "Tidak ada percobaan asli yang berhasil dijalankan di build ini, jadi tidak ada total yang "
                     "bisa dikutip.",
    "crossover.cpu_only": "Tanpa akselerator di build ini tidak ada titik persilangan untuk dilaporkan; yang "
                          "ditampilkan hanya kurva CPU.",
    "crossover.no_pairs": "Tidak ada ukuran matriks yang terukur dengan baik di CPU maupun di {device} sekaligus, "
                          "jadi tidak ada percepatan yang bisa dilaporkan.",
    "crossover.always": "Di mesin ini {device} lebih cepat daripada CPU pada semua ukuran yang diukur "
                        "pada keduanya: "
                        "{first_factor} lebih cepat pada m = {first} dan {factor} lebih cepat pada m = {largest}.",
    "crossover.from.slower": "Di mesin ini {device} unggul mulai m = {size}: ia lebih cepat pada ukuran itu dan pada "
                             "setiap ukuran lebih besar yang diukur, {factor} lebih cepat pada m = {largest}. Di "
                             "bawah m = {size}, CPU yang lebih cepat.",
    "crossover.from.same": "Di mesin ini {device} unggul mulai m = {size}: ia lebih cepat pada ukuran itu dan pada "
                           "setiap ukuran lebih besar yang diukur, {factor} lebih cepat pada m = {largest}. Di bawah "
                           "m = {size}, keduanya kurang lebih sama cepat.",
    "crossover.from.not_faster": "Di mesin ini {device} unggul mulai m = {size}: ia lebih cepat pada ukuran itu dan "
                                 "pada setiap ukuran lebih besar yang diukur, {factor} lebih cepat pada "
                                 "m = {largest}. Di bawah m = {size}, ia lebih lambat daripada CPU atau kurang lebih "
                                 "sama cepat.",
    "crossover.from.mixed": "Di mesin ini {device} unggul mulai m = {size}: ia lebih cepat pada ukuran itu dan pada "
                            "setiap ukuran lebih besar yang diukur, {factor} lebih cepat pada m = {largest}. Di bawah "
                            "m = {size}, ia unggul pada sebagian ukuran saja.",
    "crossover.never.slower": "Di mesin ini {device} tidak mengalahkan CPU pada satu pun ukuran yang diukur: pada "
                              "m = {largest} waktunya {factor} waktu CPU.",
    "crossover.never.same": "Di mesin ini {device} tidak mengalahkan CPU pada satu pun ukuran yang diukur: pada "
                            "m = {largest} keduanya kurang lebih sama cepat ({acc} berbanding {cpu}).",
    "crossover.mixed_one.slower": "Di mesin ini {device} mengalahkan CPU pada m = {best} ({factor} lebih cepat), "
                                  "tetapi tidak pada ukuran terbesar yang diukur: pada m = {largest} waktunya "
                                  "{slow_factor} waktu CPU.",
    "crossover.mixed_one.same": "Di mesin ini {device} mengalahkan CPU pada m = {best} ({factor} lebih cepat), tetapi "
                                "tidak pada ukuran terbesar yang diukur: pada m = {largest} keduanya kurang lebih sama "
                                "cepat.",
    "crossover.mixed.slower": "Di mesin ini {device} mengalahkan CPU pada m = {wins} (paling tinggi {factor} lebih "
                              "cepat, pada m = {best}), tetapi tidak pada ukuran terbesar yang diukur: pada "
                              "m = {largest} waktunya {slow_factor} waktu CPU.",
    "crossover.mixed.same": "Di mesin ini {device} mengalahkan CPU pada m = {wins} (paling tinggi {factor} lebih "
                            "cepat, pada m = {best}), tetapi tidak pada ukuran terbesar yang diukur: pada "
                            "m = {largest} keduanya kurang lebih sama cepat.",
    "bandwidth.memory": "Pada titik terbaiknya (m = {size}), {device} mengalirkan matriks dengan {achieved}, {share} "
                        "dari {ceiling} yang dicapai memorinya dalam salinan biasa.",
    "bandwidth.in_cache": "Pada titik terbaiknya (m = {size}), {device} membaca matriks dengan {achieved}, {share} "
                          "dari {ceiling} yang dicapai memorinya dalam salinan biasa; matriks sebesar itu ({matrix}) "
                          "muat di cache-nya yang {cache}, jadi matriks itu belum tentu dibaca dari memori.",
    "bandwidth.cache": "Pada titik terbaiknya (m = {size}), {device} membaca matriks dengan {achieved}, {times} "
                       "laju yang dicapai memorinya dalam salinan biasa ({ceiling}): matriks sebesar itu ({matrix}) muat di "
                       "cache-nya yang {cache}, jadi ini kecepatan cache, bukan kecepatan memori.",
    "bandwidth.above_copy": "Pada titik terbaiknya (m = {size}), {device} membaca matriks dengan {achieved}, "
                            "{times} laju salinan biasa ({ceiling}): lebih dari yang diberikan memorinya dalam "
                            "salinan itu, jadi selisihnya berasal dari cache dan dari lalu lintas tambahan salinan "
                            "untuk menulis.",
    "bandwidth.no_ceiling": "Pada titik terbaiknya (m = {size}), {device} mengalirkan matriks dengan {achieved}; "
                            "tidak ada salinan yang diukur di perangkat itu sebagai pembanding.",
    "bandwidth.none": "Tidak ada perkalian matriks–vektor yang terukur dengan baik di build ini, jadi tidak ada "
                      "bandwidth yang bisa dilaporkan.",

    # -- timing methods ---------------------------------------------------------------
    "gap.no_accelerator": "Build ini tidak memiliki akselerator, jadi selisih antara pengukuran naif dan tersinkron "
                          "tidak bisa ditunjukkan di mesin ini; tabel hanya menampilkan CPU.",
    "gap.unmeasured": "Waktu naif dan waktu tersinkron {device} tidak bisa dibandingkan di build ini: tidak ada "
                      "perkalian matriks–vektor di perangkat itu yang terukur dengan baik dengan kedua cara.",
    "gap.optimistic": "Pada m = {size}, timeit naif melaporkan {naive} per perkalian di {device}, padahal pewaktu "
                      "tersinkron mencatat {engine}: angka naif itu {factor} terlalu kecil, terlalu optimistis.",
    "gap.optimistic.events": "Pada m = {size}, timeit naif melaporkan {naive} per perkalian di {device}, padahal "
                             "pewaktu tersinkron mencatat {engine} dan event milik perangkat itu sendiri "
                             "{events}: angka naif itu {factor} terlalu kecil, terlalu optimistis.",
    "gap.pessimistic": "Pada m = {size}, timeit naif melaporkan {naive} per perkalian di {device}, padahal pewaktu "
                       "tersinkron mencatat {engine}: angka naif itu {factor} terlalu besar, terlalu pesimistis.",
    "gap.pessimistic.events": "Pada m = {size}, timeit naif melaporkan {naive} per perkalian di {device}, padahal "
                              "pewaktu tersinkron mencatat {engine} dan event milik perangkat itu sendiri "
                              "{events}: angka naif itu {factor} terlalu besar, terlalu pesimistis.",
    "gap.agrees": "Pada m = {size} di {device}, timeit naif memberi {naive} per perkalian dan pewaktu "
                  "tersinkron {engine}: di sini keduanya berselisih kurang dari seperlima.",
    "gap.agrees.events": "Pada m = {size} di {device}, timeit naif memberi {naive} per perkalian, pewaktu "
                         "tersinkron {engine}, dan event milik perangkat itu sendiri {events}: di sini cara naif "
                         "dan pewaktu tersinkron berselisih kurang dari seperlima.",
    "gap.cpu.agrees": "Di CPU keduanya sepakat: pada m = {size} timeit naif memberi {naive} dan pewaktu "
                      "tersinkron {engine}, karena CPU menyelesaikan setiap perkalian sebelum panggilan kembali.",
    "gap.cpu.pessimistic": "Di CPU, pada m = {size}, timeit naif memberi {naive} dan pewaktu tersinkron "
                           "{engine}, {factor} lebih singkat; CPU memang menyelesaikan setiap perkalian sebelum "
                           "panggilan kembali, jadi selisihnya berasal dari hal lain, misalnya metode naif yang "
                           "tidak melakukan pemanasan.",
    "gap.cpu.optimistic": "Di CPU, pada m = {size}, timeit naif memberi {naive} dan pewaktu tersinkron "
                          "{engine}, {factor} lebih lama; CPU memang menyelesaikan setiap perkalian sebelum panggilan "
                          "kembali, jadi selisihnya bukan berasal dari antrean.",
    "gap.cpu.none": "Tidak ada perkalian matriks–vektor di CPU yang diukur dengan kedua cara di build ini.",
    "post.all": "Di {device} pada build ini, timeit naif melaporkan waktu yang terlalu singkat pada semua ukuran "
                "dari tulisan blog itu, m = {first} sampai {last}: hingga {factor} lebih kecil daripada waktu "
                "sebenarnya, pada m = {at}. Dengan cara ukur seperti itu, jam berhenti begitu "
                "perkalian selesai diantrekan, sebelum GPU selesai mengerjakannya; seberapa jauh batang mps di tulisan itu "
                "sendiri meleset, yang diukur di Mac milik penulisnya, tidak bisa dipastikan oleh build ini.",
    "post.mixed": "Pada ukuran-ukuran dari tulisan blog itu, timeit naif di {device} pada build ini melaporkan "
                  "{clauses}.",
    "post.agrees_all": "Pada semua ukuran dari tulisan blog itu, m = {first} sampai {last}, timeit naif di {device} "
                       "pada build ini sejalan dengan pewaktu tersinkron, dengan selisih tidak lebih dari {margin}.",
    "post.rest_agree": "Pada ukuran lainnya keduanya sejalan, dengan selisih tidak lebih dari {margin}.",
    "post.clause.too_small.one": "waktu yang terlalu singkat pada m = {sizes} ({factor} lebih kecil daripada waktu "
                                 "sebenarnya)",
    "post.clause.too_small.many": "waktu yang terlalu singkat pada m = {sizes} (hingga {factor} lebih kecil daripada "
                                  "waktu sebenarnya, pada m = {at})",
    "post.clause.too_large.one": "waktu yang terlalu lama pada m = {sizes} ({factor} lebih besar daripada waktu "
                                 "sebenarnya)",
    "post.clause.too_large.many": "waktu yang terlalu lama pada m = {sizes} (hingga {factor} lebih besar daripada "
                                  "waktu sebenarnya, pada m = {at})",
    "post.some.then": "Jadi di mesin ini pengukuran naif melaporkan waktu yang terlalu singkat pada sebagian ukuran "
                      "tulisan itu dan tidak pada yang lain; seberapa tepat batang mps di tulisan itu sendiri, yang "
                      "diukur di Mac milik penulisnya, tidak bisa dipastikan oleh build ini.",
    "post.none.then": "Jadi di mesin ini pengukuran naif tidak sekali pun melaporkan waktu yang terlalu singkat pada "
                      "ukuran-ukuran tulisan itu; apakah hal itu terjadi pada batang mps di tulisan itu sendiri, yang "
                      "diukur di Mac milik penulisnya, tidak bisa dipastikan oleh build ini.",
    "post.cpu.lead": "Build ini tidak memiliki akselerator, jadi tidak bisa menunjukkan apa yang terjadi pada "
                     "pengukuran naif di GPU.",
    "post.cpu.agrees": "CPU menyelesaikan setiap perkalian sebelum panggilan kembali, jadi tidak ada antrean yang "
                       "bisa menyembunyikan pekerjaannya.",
    "post.cpu.differs": "CPU menyelesaikan setiap perkalian sebelum panggilan kembali, jadi selisihnya bukan berasal "
                        "dari antrean, melainkan dari hal lain, misalnya metode naif yang tidak melakukan pemanasan.",
    "post.cpu.archive": "Arsip mesin lain, di babnya sendiri, menyimpan hasil yang direkam dengan kedua cara ukur; "
                        "hasil dari mesin yang memiliki akselerator menunjukkan apa yang terjadi pada pengukuran naif "
                        "di sana.",
    "post.unmeasured": "Build ini menemukan {device}, tetapi tidak satu pun ukuran dari tulisan blog itu terukur "
                       "dengan baik dengan kedua cara di perangkat tersebut, jadi build ini tidak bisa menunjukkan apa "
                       "yang terjadi pada pengukuran naif di sana.",
    "post.none": "Di build ini tidak satu pun ukuran dari tulisan blog itu terukur dengan baik dengan kedua cara di "
                 "perangkat mana pun, jadi build ini tidak bisa menunjukkan apa yang terjadi pada pengukuran naif.",

    # -- matrix × matrix -----------------------------------------------------------------
    "matmul.rate": "{dtype} {rate}",
    "matmul.rates": "Laju terbaik di {device}: {rates}.",
    "matmul.rates_missing": "Laju terbaik di {device}: {rates}; {missing}.",
    "matmul.nothing": "Di {device} tidak ada perkalian matriks yang terukur dengan baik: {missing}.",
    "matmul.none": "Tidak ada perkalian matriks yang terukur dengan baik di build ini.",
    "missing.unsupported": {"plural": "dtypes", "other": "{dtypes} tidak didukung"},
    "missing.failed_check": "{dtypes} gagal uji kebenaran",
    "missing.out_of_memory": "{dtypes} kehabisan memori",
    "missing.error": "{dtypes} gagal karena galat",
    "matmul.compare": "Laju terbaik dibandingkan laju terbaik: {clauses}.",
    "matmul.cmp.faster": {"plural": "count", "other": "{device} mencapai {factors} laju terbaik CPU dalam {dtypes}"},
    "matmul.cmp.slower": {"plural": "count", "other": "CPU mencapai {factors} laju terbaik {device} dalam {dtypes}"},
    "matmul.cmp.same": {"plural": "count", "other": "keduanya setara dalam batas derau dalam {dtypes}"},

    # -- training -----------------------------------------------------------------------
    "train.faster": "Dengan batch {batch}, satu langkah pelatihan memakan {acc} di {device} dan {cpu} di CPU: "
                    "{device} {factor} lebih cepat.",
    "train.slower": "Dengan batch {batch}, satu langkah pelatihan memakan {acc} di {device} dan {cpu} di CPU: "
                    "{device} lebih lambat, waktunya {factor} waktu CPU.",
    "train.same": "Dengan batch {batch}, satu langkah pelatihan memakan {acc} di {device} dan {cpu} di CPU: kurang "
                  "lebih sama, dalam batas derau.",
    "train.also.faster": "Pada batch {batch}, {device} {factor} lebih cepat.",
    "train.also.slower": "Namun pada batch {batch}, CPU yang lebih cepat: waktu {device} {factor} waktu CPU.",
    "train.also.same": "Pada batch {batch}, keduanya kurang lebih sama cepat.",
    "train.also.missing": "Pada batch {batch}, langkah di {device} {why}.",
    "train.cpu_only": "Dengan batch {batch}, satu langkah pelatihan memakan {cpu} di CPU build ini.",
    "train.accelerator_missing": "Dengan batch {batch}, satu langkah pelatihan memakan {cpu} di CPU; di {device} "
                                 "langkah itu {why}.",
    "train.none": "Tidak ada langkah pelatihan yang terukur dengan baik di build ini.",
    "step.unsupported": "tidak didukung",
    "step.failed_check": "gagal uji kebenaran",
    "step.out_of_memory": "kehabisan memori",
    "step.error": "gagal karena galat",
    "step.not_measured": "tidak diukur",

    # -- correctness ----------------------------------------------------------------------
    "check.passed": "Semua hasil di build ini lolos uji kebenaran; untuk langkah pelatihan, galat relatif gradien "
                    "terbesar terhadap float64 adalah {worst}, di {device}, masih dalam batas {tolerance}.",
    "check.passed_no_training": "Semua hasil yang berjalan di build ini lolos uji kebenaran; tidak ada langkah "
                                "pelatihan yang terukur dengan baik, jadi tidak ada gradien yang dibandingkan.",
    "check.failed": {"plural": "count",
                     "other": "{count} hasil gagal uji kebenaran ({where}); hasil itu ditandai di gambar dan tidak "
                              "pernah dihitung sebagai kecepatan."},
    "check.nothing": "Tidak ada yang berjalan sampai selesai di build ini, jadi tidak ada yang bisa diuji.",
    "point.matvec": "B @ a pada m = {sizes} di {device}",
    "point.matmul": "A @ B dalam {dtype} pada m = {sizes} di {device}",
    "point.copy": "salinan n = {sizes} di {device}",
    "point.train_step": "langkah pelatihan pada batch {sizes} di {device}",
    "point.other": "{workload} di {device}",
    "point.more": {"plural": "count", "other": "{count} jenis lainnya"},

    # -- method ----------------------------------------------------------------------------
    "measured": {"plural": "points", "other": "Build ini mengukur {points} titik dengan profil {profile} pada {date}."},
    "measured.missing": {"plural": "points",
                         "other": "Build ini mengukur {points} titik dengan profil {profile} pada {date}; {missing}."},
    "missing_count.unsupported": {"plural": "count", "other": "{count} tidak didukung di mesin ini"},
    "missing_count.failed_check": {"plural": "count", "other": "{count} gagal uji kebenaran"},
    "missing_count.out_of_memory": {"plural": "count", "other": "{count} tidak muat di memori"},
    "missing_count.error": {"plural": "count", "other": "{count} gagal karena galat"},
    "selfcheck.agree": {"plural": "rows", "other": "Di build ini, {rows} perbandingan itu semuanya sepakat dalam "
                                                   "batas ±{tolerance}."},
    "selfcheck.differ": {"plural": "outside", "other": "Di build ini, {outside} dari {rows} perbandingan jatuh di luar "
                                                    "batas ±{tolerance}: {points}."},
    "selfcheck.row": "{label} di {device}, dengan waktu dari pewaktu tersinkron sebesar {ratio} kali hasil "
                     "{reference}",
    "selfcheck.cost": "Secara keseluruhan pewaktu tersinkron menghabiskan {wall} untuk titik-titik ini, {timed} "
                      "di antaranya di dalam blok yang diukur ({factor} waktu di dalam blok); pembandingnya, yang "
                      "diberi waktu terukur paling sedikit sepanjang itu, menghabiskan {theirs}.",
    "selfcheck.none": "Pemeriksaan mandiri tidak mengukur satu titik pun di build ini.",

    # -- other machines ----------------------------------------------------------------------
    "machines.listing": {"plural": "count", "other": "Di samping build ini, arsip menyimpan {count} mesin: {labels}."},
    "machines.none": "Arsipnya kosong: bab ini hanya menampilkan build ini sampai ada mesin yang ditambahkan.",
    "machines.skipped": {"plural": "count",
                         "other": "Peringatan: {count} berkas arsip tidak valid dan tidak dipakai: {files}"},

    # -- the answer (opening page and closing chapter) -------------------------------------
    "answer.wins": "Di mesin ini {device} mengalahkan CPU dalam {areas}.",
    "answer.no_wins": "Di mesin ini {device} tidak mengalahkan CPU di mana pun dalam pengukuran ini.",
    "answer.losses": "CPU lebih cepat dalam {areas}.",
    "answer.no_losses": "{device} tidak kalah dari CPU di mana pun dalam pengukuran ini.",
    "answer.rule.both": "Pegangan praktis dari angka-angka ini: pakai {device} untuk {use}, dan tetap gunakan CPU "
                        "untuk {keep}.",
    "answer.rule.use": "Pegangan praktis dari angka-angka ini: pakai {device} untuk {use}.",
    "answer.rule.keep": "Pegangan praktis dari angka-angka ini: tetap gunakan CPU untuk {keep}; di sini {device} "
                        "tidak mengalahkannya.",
    "answer.rule.level": "Tidak ada pegangan praktis yang bisa ditarik dari angka-angka ini: {device} dan CPU setara "
                         "dalam batas derau di setiap titik yang diukur pada keduanya.",
    "answer.cpu_only": "Build ini tidak mengukur akselerator apa pun, hanya CPU-nya ({cpu}), jadi build ini tidak "
                       "bisa menunjukkan di mana GPU akan unggul: jawaban di sini tentang CPU ini.",
    "answer.cpu_facts": "Dengan kemampuannya sendiri, CPU ini {facts}.",
    "answer.cpu_facts.none": "Tidak ada pengukuran CPU yang berhasil juga.",
    "cpufact.matvec": "membaca matriks hingga {rate} dalam B @ a",
    "cpufact.matmul": "menghitung perkalian matriks float32 hingga {rate}",
    "cpufact.train": "memerlukan {time} per langkah pelatihan pada batch {batch}",
    "answer.cpu_rule.stay": "Pegangan praktis dari angka-angka ini: di CPU ini, tetaplah memakai float32 ({clauses}).",
    "answer.cpu_rule.try": "Pegangan praktis dari angka-angka ini: di CPU ini, {dtypes} layak dicoba ({clauses}).",
    "answer.cpu_rule.none": "Tidak ada pegangan praktis soal presisi yang bisa ditarik dari angka-angka ini: CPU "
                            "hanya diukur dalam float32.",
    "answer.cpu_rule.unmeasured": "Tidak ada pegangan praktis soal presisi yang bisa ditarik dari angka-angka ini: "
                                  "tidak ada perkalian matriks float32 di CPU yang terukur dengan baik.",
    "answer.rule.nothing": "Tidak ada pegangan praktis yang bisa ditarik dari build yang tidak berhasil mengukur apa "
                           "pun.",
    "answer.accelerator_failed": "Build ini menemukan {name} ({api}), tetapi tidak satu pun pengukurannya berhasil, "
                                 "jadi build ini tidak bisa menunjukkan di mana GPU itu unggul: jawaban di sini "
                                 "tentang CPU ({cpu}).",
    "answer.missing.unsupported": "Perkalian matriks dalam {dtypes} tidak bisa dibandingkan: {device} tidak "
                                  "mendukungnya di sini.",
    "answer.missing.failed_check": "Perkalian matriks dalam {dtypes} tidak bisa dibandingkan: di {device} hasilnya "
                                   "gagal uji kebenaran.",
    "answer.missing.out_of_memory": "Perkalian matriks dalam {dtypes} tidak bisa dibandingkan: di {device} "
                                    "perkaliannya tidak muat di memori.",
    "answer.missing.error": "Perkalian matriks dalam {dtypes} tidak bisa dibandingkan: di {device} perkaliannya gagal "
                            "karena galat.",
    "cpuhalf.slower": "{dtype} hanya mencapai {share} dari laju float32-nya",
    "cpuhalf.faster": "{dtype} berjalan {factor} laju float32-nya",
    "cpuhalf.same": "{dtype} kurang lebih sama cepat dengan float32",
    "answer.nothing": {"plural": "count",
                       "other": "Tidak satu pun dari {count} pengukuran build ini yang berhasil, jadi build ini tidak "
                                "punya jawaban; bab tentang metode menghitung kegagalannya menurut penyebab."},
    "answer.tokens.model": "Model bahasa menjalankan perkalian matriks–vektor atas setiap matriks bobotnya untuk setiap "
                           "token yang dihasilkannya, jadi model dengan {parameters} parameter dalam bobot {bits} bit "
                           "membaca {model} per token.",
    "answer.tokens.beyond_cache": {"plural": "tokens",
                                   "other": "Dengan {rate} yang dicapai B @ a di {device} pada matriks yang lebih besar "
                                            "daripada cache-nya (m = {size}), itu berarti paling banyak {rate} ÷ "
                                            "{model} ≈ {tokens} token per detik."},
    "answer.tokens.largest": {"plural": "tokens",
                              "other": "Dengan {rate} yang dicapai B @ a di {device} pada matriks terbesarnya "
                                       "(m = {size}, yang paling sedikit terbantu cache), itu berarti paling banyak "
                                       "{rate} ÷ {model} ≈ {tokens} token per detik."},
    "answer.tokens.copy": {"plural": "tokens",
                           "other": "Dengan {rate} yang dicapai salinan biasa di {device}, itu berarti paling banyak "
                                    "{rate} ÷ {model} ≈ {tokens} token per detik."},
    "answer.tokens.also": {"plural": "tokens",
                           "other": "Di {device}, dengan {rate}, batas atasnya {tokens} token per detik."},
    "answer.tokens.none": "Tidak ada perkalian matriks–vektor yang terukur dengan baik, jadi build ini tidak "
                          "memberi batas kecepatan untuk model bahasa.",
    "caption.answer.compared": "Semua perbandingan {device} dengan CPU di build ini: setiap batang adalah waktu CPU "
                               "dibagi waktu {device} (untuk perkalian matriks, laju terbaik yang satu dibagi laju "
                               "terbaik yang lain), pada sumbu logaritmik, dengan interval 95%-nya. Di kanan angka 1 "
                               "{device} lebih cepat, di kirinya CPU yang lebih cepat.",
    "caption.answer.cpu_only": "Karena tidak ada akselerator untuk dibandingkan, grafik yang paling banyak bercerita "
                               "tentang build ini adalah bandwidth yang dicapai CPU-nya saat membaca matriks dalam "
                               "B @ a, dibandingkan bandwidth salinan biasa (garis putus-putus): angka inilah yang "
                               "menentukan batas kecepatan model bahasa di bawah.",
    "caption.answer.nothing": "Tidak ada pengukuran build ini yang berhasil, jadi grafik ini tidak punya apa pun untuk "
                              "ditampilkan.",
    "area.matvec.all.win": "perkalian matriks–vektor pada semua ukuran yang diukur pada keduanya ({factor} lebih cepat pada "
                           "m = {at})",
    "area.matvec.from.win": "perkalian matriks–vektor mulai m = {size} ({factor} lebih cepat pada m = {at})",
    "area.matvec.size.win": "perkalian matriks–vektor pada m = {at} ({factor} lebih cepat)",
    "area.matvec.sizes.win": "perkalian matriks–vektor pada m = {sizes} (paling tinggi {factor} lebih cepat, pada "
                             "m = {at})",
    "area.matvec.all.loss": "perkalian matriks–vektor pada semua ukuran yang diukur pada keduanya ({factor} lebih cepat pada "
                            "m = {at})",
    "area.matvec.below.loss": "perkalian matriks–vektor di bawah m = {size} ({factor} lebih cepat pada m = {at})",
    "area.matvec.size.loss": "perkalian matriks–vektor pada m = {at} ({factor} lebih cepat)",
    "area.matvec.sizes.loss": "perkalian matriks–vektor pada m = {sizes} (paling tinggi {factor} lebih cepat, pada "
                              "m = {at})",
    "area.train_step.all.win": "langkah pelatihan pada semua ukuran batch yang diukur pada keduanya ({factor} lebih cepat pada "
                               "batch {at})",
    "area.train_step.from.win": "langkah pelatihan mulai batch {size} ({factor} lebih cepat pada batch {at})",
    "area.train_step.size.win": "langkah pelatihan pada batch {at} ({factor} lebih cepat)",
    "area.train_step.sizes.win": "langkah pelatihan pada batch {sizes} (paling tinggi {factor} lebih cepat, pada "
                                 "batch {at})",
    "area.train_step.all.loss": "langkah pelatihan pada semua ukuran batch yang diukur pada keduanya ({factor} lebih cepat pada "
                                "batch {at})",
    "area.train_step.below.loss": "langkah pelatihan di bawah batch {size} ({factor} lebih cepat pada batch {at})",
    "area.train_step.size.loss": "langkah pelatihan pada batch {at} ({factor} lebih cepat)",
    "area.train_step.sizes.loss": "langkah pelatihan pada batch {sizes} (paling tinggi {factor} lebih cepat, pada "
                                  "batch {at})",
    "area.matmul.dtypes.win": "perkalian matriks dalam {dtypes} (laju terbaiknya {factors} laju terbaik CPU)",
    "area.matmul.dtypes.loss": "perkalian matriks dalam {dtypes} (laju terbaiknya {factors} laju terbaik {device})",
    "use.matvec.all": "perkalian matriks–vektor pada semua ukuran yang diukur pada keduanya",
    "use.matvec.from": "perkalian matriks–vektor mulai m = {size} (matriks {bytes} atau lebih)",
    "use.matvec.size": "perkalian matriks–vektor pada m = {sizes}",
    "use.matvec.sizes": "perkalian matriks–vektor pada m = {sizes}",
    "use.train_step.all": "langkah pelatihan pada semua ukuran batch yang diukur pada keduanya",
    "use.train_step.from": "langkah pelatihan mulai batch {size}",
    "use.train_step.size": "langkah pelatihan pada batch {sizes}",
    "use.train_step.sizes": "langkah pelatihan pada batch {sizes}",
    "use.matmul.dtypes": "perkalian matriks dalam {dtypes}",
    "keep.matvec.all": "perkalian matriks–vektor",
    "keep.matvec.below": "perkalian matriks–vektor yang lebih kecil",
    "keep.matvec.size": "perkalian matriks–vektor pada m = {sizes}",
    "keep.matvec.sizes": "perkalian matriks–vektor pada m = {sizes}",
    "keep.train_step.all": "langkah pelatihan seperti ini",
    "keep.train_step.below": "langkah pelatihan di bawah batch {size}",
    "keep.train_step.size": "langkah pelatihan pada batch {sizes}",
    "keep.train_step.sizes": "langkah pelatihan pada batch {sizes}",
    "keep.matmul.dtypes": "perkalian matriks dalam {dtypes}",

    # -- reasons (closing chapter) -------------------------------------------------------------
    "reason.small.faster": "Bahkan perkalian matriks–vektor terkecil yang diukur, m = {size}, memakan {acc} di "
                           "{device} berbanding {cpu} di CPU.",
    "reason.small.slower": "Pada perkalian matriks–vektor terkecil yang diukur, m = {size}, satu panggilan memakan "
                           "{acc} di {device} berbanding {cpu} di CPU.",
    "reason.small.same": "Pada perkalian matriks–vektor terkecil yang diukur, m = {size}, satu panggilan memakan "
                         "{acc} di {device} dan {cpu} di CPU, setara dalam batas derau.",
    "reason.streaming": "Membaca matriks itu dengan laju yang dicapai {device} dari memori hanya akan memakan "
                        "{stream}: sisa dari {acc} itu adalah biaya tetap sebuah panggilan.",
    "reason.small.cpu": "Tanpa akselerator di build ini, tidak ada biaya tetap GPU yang perlu ditimbang: pada "
                        "m = {size}, perkalian matriks–vektor terkecil yang diukur, CPU memerlukan {cpu} per "
                        "panggilan.",
    "reason.small.none": "Tidak ada perkalian matriks–vektor kecil yang terukur dengan baik di kedua perangkat di "
                         "build ini.",
    "reason.large.faster": "Perkalian besar dibatasi oleh seberapa cepat memori mengirimkan matriksnya: dari memori, "
                           "{device} membaca {acc} dan CPU {cpu}, jadi {device} membaca {factor} secepat CPU.",
    "reason.large.slower": "Perkalian besar dibatasi oleh seberapa cepat memori mengirimkan matriksnya: dari memori, "
                           "{device} membaca {acc} dan CPU {cpu}, jadi CPU membaca {factor} secepat {device}.",
    "reason.large.same": "Perkalian besar dibatasi oleh seberapa cepat memori mengirimkan matriksnya: dari memori, "
                         "{device} membaca {acc} dan CPU {cpu}, setara dalam batas derau.",
}
