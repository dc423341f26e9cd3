"""Bahasa Indonesia: the sentences of the pages (see the package's notes)."""

MESSAGES = {
    # -- the machine -----------------------------------------------------------------
    "hardware.label": "Diukur di: {label}.",
    "cpu.threads": {"plural": "threads", "other": "{cpu}, {threads} thread"},
    "cpu.plain": "{cpu}",
    "hardware.accelerator": "Yang diukur di mesin ini adalah {name} melalui {api} dan CPU-nya ({cpu}).",
    "hardware.accelerator_unmeasured": "Di mesin ini ditemukan {name} ({api}), tetapi tidak satu pun pengukurannya "
                                       "berhasil, jadi perbandingan di bawah hanya menampilkan CPU ({cpu}).",
    "hardware.failed_accelerator": "Di mesin ini ditemukan {name} ({api}) di samping CPU ({cpu}), tetapi tidak satu "
                                   "pun pengukuran di keduanya berhasil.",
    "hardware.failed": "Di mesin ini tidak ditemukan akselerator yang bisa dipakai, dan tidak satu pun pengukuran di "
                       "CPU-nya ({cpu}) yang berhasil.",
    "hardware.none": "Di mesin ini tidak ditemukan akselerator yang bisa dipakai (tidak ada MPS maupun CUDA), jadi "
                     "hanya CPU ({cpu}) yang diukur: perbandingan di bawah hanya menampilkan CPU.",
    "devices.idiom": "Di mesin ini, idiom tersebut memilih {device}.",
    "devices.default": "Pilihan yang diperluas, mps lalu cuda lalu cpu, di sini memilih {device}.",

    # -- matrix × vector ----------------------------------------------------------------
    "original.total": "{total} di {device}",
    "original.sentence": {"plural": "calls",
                          "other": "Diukur dengan cara aslinya, {calls} perkalian pada m = {size} memakan {totals}."},
    "original.none": "Tidak ada percobaan asli yang berhasil dijalankan di mesin ini, jadi tidak ada total yang "
                     "bisa dikutip.",
    "crossover.cpu_only": "Mesin ini tidak punya akselerator, jadi tidak ada titik silang untuk dilaporkan; yang "
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
    "bandwidth.cache": "Pada titik terbaiknya (m = {size}), {device} membaca matriks dengan {achieved}, {times} laju "
                       "yang dicapai memorinya dalam salinan biasa ({ceiling}): matriks sebesar itu ({matrix}) muat di "
                       "cache-nya yang {cache}, jadi ini kecepatan cache, bukan kecepatan memori.",
    "bandwidth.above_copy": "Pada titik terbaiknya (m = {size}), {device} membaca matriks dengan {achieved}, "
                            "{times} laju salinan biasa ({ceiling}): lebih dari yang diberikan memorinya dalam "
                            "salinan itu, jadi selisihnya berasal dari cache dan dari lalu lintas tambahan salinan "
                            "untuk menulis.",
    "bandwidth.level": "Pada titik terbaiknya (m = {size}), {device} membaca matriks dengan {achieved}, setara dalam "
                       "batas derau dengan {ceiling} yang dicapai memorinya dalam salinan biasa.",
    "bandwidth.no_ceiling": "Pada titik terbaiknya (m = {size}), {device} mengalirkan matriks dengan {achieved}; "
                            "tidak ada salinan yang diukur di perangkat itu sebagai pembanding.",
    "bandwidth.none": "Tidak ada perkalian matriks-vektor yang terukur dengan baik di mesin ini, jadi tidak ada "
                      "bandwidth yang bisa dilaporkan.",
    "drop.one": "Di {device}, {what} turun dari {high} pada {before} menjadi {low} pada {after}, tinggal {share} "
                "dari laju satu ukuran sebelumnya.",
    "drop.what.matvec": "laju B @ a",
    "drop.what.copy": "laju salinan biasa",
    "drop.what.matmul": "laju A @ B dalam {dtype}",
    "drop.size.m": "m = {size}",
    "drop.size.n": "n = {size}",
    "drop.why": {"plural": "count",
                 "other": "Hasil pengukuran hanya menunjukkan bahwa penurunan ini terjadi, bukan penyebabnya: ukuran "
                          "yang lebih besar mungkin sudah tidak muat di cache atau di jangkauan penerjemahan alamat, "
                          "membuat PyTorch memilih kernel lain, atau mendorong memori ke swap, dan tidak ada yang "
                          "tercatat di sini yang bisa membedakan kemungkinan-kemungkinan itu."},
    "drop.why.noswap": {"plural": "count",
                        "other": "Hasil pengukuran hanya menunjukkan bahwa penurunan ini terjadi, bukan penyebabnya: "
                                 "ukuran yang lebih besar mungkin sudah tidak muat di cache atau di jangkauan "
                                 "penerjemahan alamat, atau membuat PyTorch memilih kernel lain (mesin ini tidak "
                                 "memakai swap), dan tidak ada yang tercatat di sini yang bisa membedakan "
                                 "kemungkinan-kemungkinan itu."},
    "drop.cache": "Data yang dipindahkan bertambah dari {small} pada {before} menjadi {large} pada {after}, melewati "
                  "cache {cache} yang dilaporkan {device}.",
    "drop.why.cache": {"plural": "count",
                       "other": "Hasil pengukuran hanya menunjukkan bahwa penurunan ini terjadi, bukan penyebabnya: "
                                "ukuran-ukuran itu cocok dengan data yang tidak lagi muat di cache, tetapi ukuran yang "
                                "lebih besar mungkin juga sudah melampaui jangkauan penerjemahan alamat, membuat "
                                "PyTorch memilih kernel lain, atau mendorong memori ke swap."},
    "drop.why.cache.noswap": {"plural": "count",
                              "other": "Hasil pengukuran hanya menunjukkan bahwa penurunan ini terjadi, bukan "
                                       "penyebabnya: ukuran-ukuran itu cocok dengan data yang tidak lagi muat di "
                                       "cache, tetapi ukuran yang lebih besar mungkin juga sudah melampaui jangkauan "
                                       "penerjemahan alamat atau membuat PyTorch memilih kernel lain (mesin ini tidak "
                                       "memakai swap)."},
    "drop.why.brief": {"plural": "count",
                       "other": "Hasil pengukuran hanya menunjukkan bahwa penurunan ini terjadi, bukan penyebabnya; "
                                "bab tentang perkalian matriks-vektor memuat apa saja yang bisa menyebabkannya."},

    # -- timing methods ---------------------------------------------------------------
    "gap.no_accelerator": "Mesin ini tidak memiliki akselerator, jadi selisih antara pengukuran naif dan tersinkron "
                          "tidak bisa ditunjukkan di sini; tabel hanya menampilkan CPU.",
    "gap.unmeasured": "Waktu naif dan waktu tersinkron {device} tidak bisa dibandingkan di mesin ini: tidak ada "
                      "perkalian matriks-vektor di perangkat itu yang terukur dengan baik dengan kedua cara.",
    "gap.optimistic": "Pada m = {size}, timeit naif melaporkan {naive} per perkalian di {device}, padahal pewaktu "
                      "tersinkron mencatat {engine}: angka naif itu {factor} lebih kecil daripada seharusnya, "
                      "terlalu optimistis.",
    "gap.optimistic.events": "Pada m = {size}, timeit naif melaporkan {naive} per perkalian di {device}, padahal "
                             "pewaktu tersinkron mencatat {engine} dan event milik perangkat itu sendiri "
                             "{events}: angka naif itu {factor} lebih kecil daripada seharusnya, terlalu "
                             "optimistis.",
    "gap.pessimistic": "Pada m = {size}, timeit naif melaporkan {naive} per perkalian di {device}, padahal pewaktu "
                       "tersinkron mencatat {engine}: angka naif itu {factor} lebih besar daripada seharusnya, "
                       "terlalu pesimistis.",
    "gap.pessimistic.events": "Pada m = {size}, timeit naif melaporkan {naive} per perkalian di {device}, padahal "
                              "pewaktu tersinkron mencatat {engine} dan event milik perangkat itu sendiri "
                              "{events}: angka naif itu {factor} lebih besar daripada seharusnya, terlalu "
                              "pesimistis.",
    "gap.agrees": "Pada m = {size} di {device}, timeit naif memberi {naive} per perkalian dan pewaktu "
                  "tersinkron {engine}: di sini keduanya berselisih kurang dari seperlima.",
    "gap.agrees.events": "Pada m = {size} di {device}, timeit naif memberi {naive} per perkalian, pewaktu "
                         "tersinkron {engine}, dan event milik perangkat itu sendiri {events}: di sini cara naif "
                         "dan pewaktu tersinkron berselisih kurang dari seperlima.",
    "gap.unclear": "Pada m = {size} di {device}, timeit naif memberi {naive} per perkalian dan pewaktu tersinkron "
                   "{engine}: keduanya terlalu berderau di sini untuk memastikan apakah selisihnya kurang dari "
                   "seperlima.",
    "gap.unclear.events": "Pada m = {size} di {device}, timeit naif memberi {naive} per perkalian, pewaktu "
                          "tersinkron {engine}, dan event perangkat itu sendiri {events}: timeit naif dan pewaktu "
                          "tersinkron terlalu berderau di sini untuk memastikan apakah selisihnya kurang dari "
                          "seperlima.",
    "gap.cpu.agrees": "Di CPU keduanya sepakat: pada m = {size} timeit naif memberi {naive} dan pewaktu "
                      "tersinkron {engine}, karena CPU menyelesaikan setiap perkalian sebelum panggilan kembali.",
    "gap.cpu.pessimistic": "Di CPU, pada m = {size}, timeit naif memberi {naive} dan pewaktu tersinkron "
                           "{engine}, {factor} lebih singkat; CPU memang menyelesaikan setiap perkalian sebelum "
                           "panggilan kembali, jadi selisihnya berasal dari hal lain, misalnya metode naif yang "
                           "tidak melakukan pemanasan.",
    "gap.cpu.optimistic": "Di CPU, pada m = {size}, timeit naif memberi {naive} dan pewaktu tersinkron "
                          "{engine}, {factor} lebih lama; CPU memang menyelesaikan setiap perkalian sebelum panggilan "
                          "kembali, jadi selisihnya bukan berasal dari antrean.",
    "gap.cpu.unclear": "Di CPU, pada m = {size}, timeit naif memberi {naive} dan pewaktu tersinkron {engine}: "
                       "terlalu berderau di sini untuk memastikan apakah selisihnya kurang dari seperlima.",
    "gap.cpu.none": "Tidak ada perkalian matriks-vektor di CPU yang diukur dengan kedua cara di mesin ini.",
    "post.all": "Di {device} mesin ini, timeit naif melaporkan waktu yang terlalu singkat pada semua ukuran dari "
                "tulisan blog itu, m = {first} sampai {last}: hingga {factor} lebih kecil daripada waktu sebenarnya, "
                "pada m = {at}. Dengan cara ukur seperti itu, jam berhenti begitu perkalian selesai diantrekan, "
                "sebelum GPU selesai mengerjakannya; seberapa jauh batang mps di tulisan itu sendiri meleset, yang "
                "diukur di Mac milik penulisnya, tidak bisa dipastikan dari pengukuran ini.",
    "post.mixed": "Pada ukuran-ukuran dari tulisan blog itu, timeit naif di {device} mesin ini melaporkan "
                  "{clauses}.",
    "post.agrees_all": "Pada semua ukuran dari tulisan blog itu, m = {first} sampai {last}, timeit naif di {device} "
                       "mesin ini sejalan dengan pewaktu tersinkron, dengan selisih tidak lebih dari {margin}.",
    "post.rest_agree": "Pada ukuran lainnya keduanya sejalan, dengan selisih tidak lebih dari {margin}.",
    "post.noisy_all": "Pada semua ukuran dari tulisan blog itu, m = {first} sampai {last}, timeit naif di {device} "
                      "mesin ini tidak bisa dibedakan dari pewaktu tersinkron: di setiap ukuran interval rasio "
                      "keduanya terlalu lebar untuk memastikan apakah selisihnya tidak lebih dari {margin} atau tidak.",
    "post.clause.too_small.one": "waktu yang terlalu singkat pada m = {sizes} ({factor} lebih kecil daripada waktu "
                                 "sebenarnya)",
    "post.clause.too_small.many": "waktu yang terlalu singkat pada m = {sizes} (hingga {factor} lebih kecil daripada "
                                  "waktu sebenarnya, pada m = {at})",
    "post.clause.too_large.one": "waktu yang terlalu lama pada m = {sizes} ({factor} lebih besar daripada waktu "
                                 "sebenarnya)",
    "post.clause.too_large.many": "waktu yang terlalu lama pada m = {sizes} (hingga {factor} lebih besar daripada "
                                  "waktu sebenarnya, pada m = {at})",
    "post.clause.unclear.one": "waktu yang terlalu berderau untuk dinilai pada m = {sizes}",
    "post.clause.unclear.many": "waktu yang terlalu berderau untuk dinilai pada m = {sizes}",
    "post.some.then": "Jadi di mesin ini pengukuran naif melaporkan waktu yang terlalu singkat pada sebagian ukuran "
                      "tulisan itu dan tidak pada yang lain; seberapa tepat batang mps di tulisan itu sendiri, yang "
                      "diukur di Mac milik penulisnya, tidak bisa dipastikan dari pengukuran ini.",
    "post.none.then": "Jadi di mesin ini pengukuran naif tidak sekali pun terbukti melaporkan waktu yang terlalu "
                      "singkat pada ukuran-ukuran tulisan itu; apakah hal itu terjadi pada batang mps di tulisan itu "
                      "sendiri, yang diukur di Mac milik penulisnya, tidak bisa dipastikan dari pengukuran ini.",
    "post.cpu.lead": "Mesin ini tidak memiliki akselerator, jadi di sini tidak terlihat apa yang terjadi pada "
                     "pengukuran naif di GPU.",
    "post.cpu.agrees": "CPU menyelesaikan setiap perkalian sebelum panggilan kembali, jadi tidak ada antrean yang "
                       "bisa menyembunyikan pekerjaannya.",
    "post.cpu.differs": "CPU menyelesaikan setiap perkalian sebelum panggilan kembali, jadi selisihnya bukan berasal "
                        "dari antrean, melainkan dari hal lain, misalnya metode naif yang tidak melakukan pemanasan.",
    "post.cpu.archive": "Arsip mesin lain, di babnya sendiri, menyimpan hasil yang direkam dengan kedua cara ukur; "
                        "hasil dari mesin yang memiliki akselerator menunjukkan apa yang terjadi pada pengukuran naif "
                        "di sana.",
    "post.unmeasured": "Di mesin ini ditemukan {device}, tetapi tidak satu pun ukuran dari tulisan blog itu terukur "
                       "dengan baik dengan kedua cara di perangkat tersebut, jadi di sini tidak terlihat apa yang "
                       "terjadi pada pengukuran naif di sana.",
    "post.none": "Di mesin ini tidak satu pun ukuran dari tulisan blog itu terukur dengan baik dengan kedua cara di "
                 "perangkat mana pun, jadi di sini tidak terlihat apa yang terjadi pada pengukuran naif.",

    # -- matrix × matrix -----------------------------------------------------------------
    "matmul.rate": "{dtype} {rate}",
    "matmul.rates": "Laju terbaik di {device}: {rates}.",
    "matmul.rates_missing": "Laju terbaik di {device}: {rates}; {missing}.",
    "matmul.nothing": "Di {device} tidak ada perkalian matriks yang terukur dengan baik: {missing}.",
    "matmul.none": "Tidak ada perkalian matriks yang terukur dengan baik di mesin ini.",
    "missing.unsupported": {"plural": "dtypes", "other": "{dtypes} tidak didukung"},
    "missing.failed_check": "{dtypes} gagal uji kebenaran",
    "missing.out_of_memory": "{dtypes} kehabisan memori",
    "missing.error": "{dtypes} gagal karena galat",
    "missing.timeout": "{dtypes} dihentikan pada batas waktu per titik",
    "missing.crashed": "proses yang mengukur {dtypes} mogok",
    "matmul.compare": "Pada ukuran yang diukur di kedua perangkat, {clauses}.",
    "matmul.same_size.faster": "{device} lebih cepat dalam {dtype} ({factor} lebih cepat pada m = {size})",
    "matmul.same_size.faster.all": "{device} lebih cepat dalam {dtype} pada setiap ukuran itu, m = {sizes} ({factor} "
                                   "lebih cepat pada m = {size})",
    "matmul.same_size.slower": "CPU lebih cepat dalam {dtype} ({factor} lebih cepat pada m = {size})",
    "matmul.same_size.slower.all": "CPU lebih cepat dalam {dtype} pada setiap ukuran itu, m = {sizes} ({factor} "
                                   "lebih cepat pada m = {size})",
    "matmul.same_size.same": "keduanya setara dalam batas derau dalam {dtype} (pada m = {size})",
    "matmul.same_size.same.all": "keduanya setara dalam batas derau dalam {dtype} pada setiap ukuran itu, "
                                 "m = {sizes}",
    "matmul.same_size.not_faster": "dalam {dtype}, {device} tidak lebih cepat pada satu pun dari m = {sizes} (CPU "
                                   "lebih cepat pada m = {losses}, setara pada ukuran lainnya)",
    "matmul.same_size.mixed": "dalam {dtype}, {device} lebih cepat hanya pada m = {wins} (dari m = {sizes})",
    "matmul.best": "Laju terbaik dibandingkan laju terbaik, masing-masing pada ukuran tempat laju itu dicapai: "
                   "{clauses}.",
    "matmul.best.faster": "dalam {dtype}, laju terbaik {device} (m = {acc_size}) mencapai {factor} laju terbaik "
                          "CPU (m = {cpu_size})",
    "matmul.best.slower": "dalam {dtype}, laju terbaik CPU (m = {cpu_size}) mencapai {factor} laju terbaik "
                          "{device} (m = {acc_size})",
    "matmul.best.same": "dalam {dtype}, kedua laju terbaik (m = {acc_size} dan m = {cpu_size}) setara dalam batas "
                        "derau",
    "cpuhalf.sentence": "Di CPU mesin ini, dibandingkan dengan float32-nya sendiri pada ukuran yang sama: "
                        "{clauses}.",
    "cpuhalf.faster": "{dtype} lebih cepat ({factor} lebih cepat pada m = {size})",
    "cpuhalf.faster.all": "{dtype} lebih cepat pada setiap ukuran itu, m = {sizes} ({factor} lebih cepat pada "
                          "m = {size})",
    "cpuhalf.slower": "{dtype} lebih lambat (float32 {factor} lebih cepat pada m = {size})",
    "cpuhalf.slower.all": "{dtype} lebih lambat pada setiap ukuran itu, m = {sizes} (float32 {factor} lebih cepat "
                          "pada m = {size})",
    "cpuhalf.same": "{dtype} tidak terbukti lebih cepat ataupun lebih lambat dalam batas derau (pada m = {size})",
    "cpuhalf.same.all": "{dtype} tidak terbukti lebih cepat ataupun lebih lambat dalam batas derau pada setiap "
                        "ukuran itu, m = {sizes}",
    "cpuhalf.not_faster": "{dtype} tidak lebih cepat pada satu pun dari m = {sizes} (lebih lambat pada "
                          "m = {losses}, setara pada ukuran lainnya)",
    "cpuhalf.mixed": "{dtype} lebih cepat hanya pada m = {wins} (dari m = {sizes})",
    "cpuhalf.mixed.slower": "{dtype} lebih cepat hanya pada m = {wins} dan lebih lambat pada m = {losses} "
                            "(dari m = {sizes})",
    "cpuhalf.none": "CPU mesin ini tidak diukur dalam presisi separuh dan dalam float32 pada ukuran yang sama, "
                    "jadi tidak terlihat apakah presisi separuh menguntungkan di CPU ini.",
    "tf32.off": "Perkalian float32 di {device} berjalan dengan TF32 mati (torch.backends.cuda.matmul.allow_tf32 "
                "bernilai False, bawaan PyTorch), jadi laju float32-nya adalah laju aritmetika float32 penuh.",
    "tf32.conv.on": "Pada pengukuran ini cuDNN diizinkan memakai TF32 (torch.backends.cudnn.allow_tf32 bernilai True, "
                    "bawaan PyTorch), jadi konvolusi {device} dalam langkah pelatihan mungkin berjalan dengan mantisa "
                    "TF32 yang lebih pendek, sedangkan konvolusi CPU berjalan dalam float32 penuh.",
    "tf32.conv.off": "Pada pengukuran ini TF32 cuDNN dimatikan (torch.backends.cudnn.allow_tf32 bernilai False), jadi "
                     "konvolusi {device} berjalan dalam float32 penuh, sama seperti konvolusi CPU.",
    "tf32.on": "Perkalian float32 di {device} berjalan dengan TF32 menyala (torch.backends.cuda.matmul.allow_tf32 "
               "bernilai True): laju float32-nya adalah laju mantisa TF32 yang lebih pendek, bukan aritmetika float32 "
               "penuh.",

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
    "train.cpu_only": "Dengan batch {batch}, satu langkah pelatihan memakan {cpu} di CPU mesin ini.",
    "train.accelerator_missing": "Dengan batch {batch}, satu langkah pelatihan memakan {cpu} di CPU; di {device} "
                                 "langkah itu {why}.",
    "train.none": "Tidak ada langkah pelatihan yang terukur dengan baik di mesin ini.",
    "step.unsupported": "tidak didukung",
    "step.failed_check": "gagal uji kebenaran",
    "step.out_of_memory": "kehabisan memori",
    "step.error": "gagal karena galat",
    "step.timeout": "dihentikan pada batas waktu per titik",
    "step.crashed": "membuat proses pengukurnya mogok",
    "step.not_measured": "tidak diukur",

    # -- correctness ----------------------------------------------------------------------
    "check.passed": "Semua hasil di mesin ini lolos uji kebenaran; untuk langkah pelatihan, galat relatif gradien "
                    "terbesar terhadap float64 adalah {worst}, di {device}, masih dalam batas {tolerance}.",
    "check.passed_no_training": "Semua hasil yang berjalan di mesin ini lolos uji kebenaran; tidak ada langkah "
                                "pelatihan yang terukur dengan baik, jadi tidak ada gradien yang dibandingkan.",
    "check.failed": {"plural": "count",
                     "other": "{count} hasil gagal uji kebenaran ({where}); hasil itu ditandai di gambar dan tidak "
                              "pernah dihitung sebagai kecepatan."},
    "check.nothing": "Tidak ada yang berjalan sampai selesai di mesin ini, jadi tidak ada yang bisa diuji.",
    "point.matvec": "B @ a pada m = {sizes} di {device}",
    "point.matmul": "A @ B dalam {dtype} pada m = {sizes} di {device}",
    "point.copy": "salinan n = {sizes} di {device}",
    "point.train_step": "langkah pelatihan pada batch {sizes} di {device}",
    "point.op_chain": "rantai {sizes} operasi kecil di {device}",
    "point.attention": "attention dalam {dtype} pada {sizes} posisi di {device}",
    "point.decode": "langkah decode model dengan lebar {sizes} di {device}",
    "point.other": "{workload} di {device}",
    "point.more": {"plural": "count", "other": "{count} jenis lainnya"},

    # -- method ----------------------------------------------------------------------------
    "measured": {"plural": "points",
                 "other": "Pengukuran kali ini mencakup {points} titik dengan profil {profile} pada {date}."},
    "processes.one": "Setiap titik diukur dalam satu proses saja, jadi intervalnya hanya memuat variasi di dalam "
                     "proses itu.",
    "processes.steady": "Setiap titik diukur dalam {processes} proses baru. Pada titik yang khas dari pewaktu "
                        "tersinkron (median dari {points} titik), {share} sebaran hasil satu proses berasal dari "
                        "proses tempat titik itu berjalan, sisanya dari derau di dalam proses; tidak ada titik yang "
                        "bagiannya lebih dari separuh.",
    "processes.most": "Setiap titik diukur dalam {processes} proses baru. Pada titik yang khas dari pewaktu "
                      "tersinkron (median dari {points} titik), {share} sebaran hasil satu proses berasal dari "
                      "proses tempat titik itu berjalan, sisanya dari derau di dalam proses. Pengaruh proses "
                      "paling besar pada {most}.",
    "processes.point": "{point} ({share} antarproses; proses paling lambatnya butuh {spread} waktu proses "
                       "tercepatnya)",
    "measured.missing": {"plural": "points",
                         "other": "Pengukuran kali ini mencakup {points} titik dengan profil {profile} pada {date}; "
                                  "{missing}."},
    "missing_count.unsupported": {"plural": "count", "other": "{count} tidak didukung di mesin ini"},
    "missing_count.failed_check": {"plural": "count", "other": "{count} gagal uji kebenaran"},
    "missing_count.out_of_memory": {"plural": "count", "other": "{count} tidak muat di memori"},
    "missing_count.error": {"plural": "count", "other": "{count} gagal karena galat"},
    "missing_count.timeout": {"plural": "count", "other": "{count} dihentikan pada batas waktu per titik"},
    "missing_count.crashed": {"plural": "count", "other": "{count} membuat proses pengukurnya mogok"},
    "selfcheck.agree": {"plural": "rows", "other": "Di mesin ini, {rows} perbandingan itu semuanya sepakat: pada "
                                                   "tiap perbandingan, kedua interval 95%-nya, masing-masing dihitung "
                                                   "dari {processes}, berjarak tidak lebih dari ±{tolerance}."},
    "selfcheck.differ": {"plural": "outside", "other": "Di mesin ini, {outside} dari {rows} perbandingan berada di "
                                                    "luar batas ±{tolerance}, karena kedua interval 95%-nya "
                                                    "(masing-masing dari {processes}) berjarak lebih jauh dari itu."},
    "selfcheck.row": "Untuk {label} di {device}, pewaktu tersinkron mencatat {ratio} kali hasil {reference}, dan "
                     "kedua intervalnya berjarak {gap}%.",
    "selfcheck.processes": {"plural": "processes", "other": "{processes} proses baru"},
    "selfcheck.cost": "Secara keseluruhan pewaktu tersinkron menghabiskan {wall} untuk titik-titik ini, {timed} "
                      "di antaranya di dalam blok yang diukur ({factor} waktu di dalam blok); pembandingnya, yang "
                      "diberi waktu terukur paling sedikit sepanjang itu, menghabiskan {theirs}.",
    "selfcheck.none": "Pemeriksaan mandiri tidak mengukur satu titik pun di mesin ini.",

    # -- other machines ----------------------------------------------------------------------
    "machines.listing": {"plural": "count",
                         "=1": "Selain mesin yang membangun salinan situs ini, arsip menyimpan satu mesin lain: "
                               "{labels}.",
                         "other": "Selain mesin yang membangun salinan situs ini, arsip menyimpan {count} mesin lain: "
                                  "{labels}."},
    "machines.none": "Arsipnya kosong: sampai ada mesin yang ditambahkan, bab ini hanya menampilkan mesin yang "
                     "membangun situs ini.",
    "machines.drops": {"plural": "count",
                       "=1": "Dalam hasil arsip {label}, ada satu laju yang turun lebih dari separuh dari satu "
                             "ukuran ke ukuran berikutnya. {drops}",
                       "other": "Dalam hasil arsip {label}, ada {count} laju yang turun lebih dari separuh dari satu "
                                "ukuran ke ukuran berikutnya. {drops}"},
    "machines.skipped": {"plural": "count",
                         "other": "Peringatan: {count} berkas arsip tidak valid dan tidak dipakai: {files}"},

    # -- the answer (opening page and closing chapter) -------------------------------------
    "answer.wins": "Di mesin ini {device} mengalahkan CPU dalam {areas}.",
    "answer.no_wins": "Di mesin ini {device} tidak mengalahkan CPU pada satu pun ukuran yang diukur di kedua "
                      "perangkat.",
    "answer.losses": "CPU lebih cepat dalam {areas}.",
    "answer.no_losses": "CPU tidak mengalahkan {device} pada satu pun ukuran yang diukur di kedua perangkat.",
    "answer.rule.both": "Pegangan praktis dari angka-angka ini: pakai {device} untuk {use}, dan tetap gunakan CPU "
                        "untuk {keep}.",
    "answer.rule.use": "Pegangan praktis dari angka-angka ini: pakai {device} untuk {use}.",
    "answer.rule.keep": "Pegangan praktis dari angka-angka ini: tetap gunakan CPU untuk {keep}; {device} tidak "
                        "mengalahkannya pada satu pun ukuran yang diukur di kedua perangkat.",
    "answer.rule.level": "Tidak ada pegangan praktis yang bisa ditarik dari angka-angka ini: {device} dan CPU setara "
                         "dalam batas derau di setiap titik yang diukur pada keduanya.",
    "answer.cpu_only": "Di mesin ini tidak ada akselerator yang diukur, hanya CPU-nya ({cpu}), jadi pengukuran ini "
                       "tidak bisa menunjukkan di mana GPU akan unggul: jawaban di sini tentang CPU tersebut.",
    "answer.cpu_facts": "Dengan kemampuannya sendiri, CPU ini {facts}.",
    "answer.cpu_facts.none": "Tidak ada pengukuran CPU yang berhasil juga.",
    "cpufact.matvec": "membaca matriks hingga {rate} dalam B @ a",
    "cpufact.matmul": "menghitung perkalian matriks float32 hingga {rate}",
    "cpufact.train": "memerlukan {time} per langkah pelatihan pada batch {batch}",
    "answer.cpu_rule.stay": "Pegangan praktis dari angka-angka ini: di CPU ini, tetaplah memakai float32.",
    "answer.cpu_rule.try": "Pegangan praktis dari angka-angka ini: di CPU ini, {dtypes} layak dicoba.",
    "answer.cpu_rule.none": "Tidak ada pegangan praktis soal presisi yang bisa ditarik dari angka-angka ini: CPU "
                            "hanya diukur dalam float32.",
    "answer.cpu_rule.unmeasured": "Tidak ada pegangan praktis soal presisi yang bisa ditarik dari angka-angka ini: "
                                  "tidak ada perkalian matriks float32 di CPU yang terukur dengan baik.",
    "answer.rule.nothing": "Tidak ada pegangan praktis yang bisa ditarik: tidak ada yang berhasil diukur di mesin "
                           "ini.",
    "answer.accelerator_failed": "Di mesin ini ditemukan {name} ({api}), tetapi tidak satu pun pengukurannya "
                                 "berhasil, jadi tidak terlihat di mana GPU itu unggul: jawaban di sini tentang CPU "
                                 "({cpu}).",
    "answer.missing.unsupported": "Perkalian matriks dalam {dtypes} tidak bisa dibandingkan: {device} tidak "
                                  "mendukungnya di sini.",
    "answer.missing.failed_check": "Perkalian matriks dalam {dtypes} tidak bisa dibandingkan: di {device} hasilnya "
                                   "gagal uji kebenaran.",
    "answer.missing.out_of_memory": "Perkalian matriks dalam {dtypes} tidak bisa dibandingkan: di {device} "
                                    "perkaliannya tidak muat di memori.",
    "answer.missing.error": "Perkalian matriks dalam {dtypes} tidak bisa dibandingkan: di {device} perkaliannya gagal "
                            "karena galat.",
    "answer.missing.timeout": "Perkalian matriks dalam {dtypes} tidak bisa dibandingkan: di {device} perkaliannya "
                              "dihentikan pada batas waktu per titik.",
    "answer.missing.crashed": "Perkalian matriks dalam {dtypes} tidak bisa dibandingkan: di {device} proses yang "
                              "mengukurnya mogok.",
    "answer.nothing": {"plural": "count",
                       "other": "Tidak satu pun dari {count} pengukuran di mesin ini yang berhasil, jadi tidak ada "
                                "jawaban; bab tentang metode menghitung kegagalannya menurut penyebab."},
    "answer.tokens.model": "Model bahasa menjalankan perkalian matriks-vektor atas setiap matriks bobotnya untuk "
                           "setiap token yang dihasilkannya, jadi model dengan {parameters} parameter dalam bobot "
                           "{bits} bit membaca {model} per token.",
    "answer.tokens.beyond_cache": {"plural": "tokens",
                                   "other": "Dengan {rate} yang dicapai B @ a di {device} pada matriks yang lebih "
                                            "besar daripada cache-nya (m = {size}), itu berarti paling banyak {rate} ÷ "
                                            "{model} ≈ {tokens} token per detik."},
    "answer.tokens.largest": {"plural": "tokens",
                              "other": "Dengan {rate} yang dicapai B @ a di {device} pada matriks terbesarnya "
                                       "(m = {size}, yang paling sedikit terbantu cache), itu berarti paling banyak "
                                       "{rate} ÷ {model} ≈ {tokens} token per detik."},
    "answer.tokens.fits_cache": {"plural": "tokens",
                                 "other": "Dengan {rate} yang dicapai B @ a di {device} pada matriks terbesarnya "
                                          "(m = {size}; matriks itu muat di cache-nya yang {cache}, jadi angka ini "
                                          "mungkin sebagian kecepatan cache, bukan memori), itu berarti paling banyak "
                                          "{rate} ÷ {model} ≈ {tokens} token per detik."},
    "answer.tokens.also.beyond_cache": {"plural": "tokens",
                                        "other": "Di {device}, dengan {rate} pada matriks yang lebih besar daripada "
                                                 "cache-nya (m = {size}), batas atasnya {tokens} token per detik."},
    "answer.tokens.also.largest": {"plural": "tokens",
                                   "other": "Di {device}, dengan {rate} pada matriks terbesarnya (m = {size}), batas "
                                            "atasnya {tokens} token per detik."},
    "answer.tokens.also.fits_cache": {"plural": "tokens",
                                      "other": "Di {device}, dengan {rate} pada matriks terbesarnya (m = {size}, yang "
                                               "muat di cache-nya yang {cache}), batas atasnya {tokens} token per "
                                               "detik."},
    "answer.tokens.none": "Tidak ada perkalian matriks-vektor yang terukur dengan baik, jadi pengukuran ini tidak "
                          "memberi batas kecepatan untuk model bahasa.",
    "caption.answer.compared": "Semua perbandingan {device} dengan CPU di mesin ini: setiap batang adalah waktu CPU "
                               "dibagi waktu {device} pada ukuran yang sama, pada sumbu logaritmik, dengan interval "
                               "95%-nya. Di kanan angka 1 {device} lebih cepat, di kiri angka 1 CPU yang lebih cepat.",
    "caption.answer.cpu_only": "Karena tidak ada akselerator untuk dibandingkan, grafik yang paling banyak "
                               "menjelaskan mesin ini adalah bandwidth yang dicapai CPU-nya saat membaca matriks dalam "
                               "B @ a, dibandingkan bandwidth salinan biasa (garis putus-putus): angka inilah yang "
                               "menentukan batas kecepatan model bahasa di bawah.",
    "caption.answer.nothing": "Tidak ada pengukuran di mesin ini yang berhasil, jadi grafik ini tidak punya apa pun "
                              "untuk ditampilkan.",
    "area.matvec.all.win": "perkalian matriks-vektor pada setiap ukuran dari m = {first} sampai {last} ({factor} "
                           "lebih cepat "
                           "pada m = {at})",
    "area.matvec.from.win": "perkalian matriks-vektor mulai m = {size} ({factor} lebih cepat pada m = {at})",
    "area.matvec.size.win": "perkalian matriks-vektor pada m = {at} ({factor} lebih cepat)",
    "area.matvec.sizes.win": "perkalian matriks-vektor pada m = {sizes} (paling tinggi {factor} lebih cepat, pada "
                             "m = {at})",
    "area.matvec.all.loss": "perkalian matriks-vektor pada setiap ukuran dari m = {first} sampai {last} ({factor} "
                            "lebih "
                            "cepat pada m = {at})",
    "area.matvec.below.loss": "perkalian matriks-vektor di bawah m = {size} ({factor} lebih cepat pada m = {at})",
    "area.matvec.size.loss": "perkalian matriks-vektor pada m = {at} ({factor} lebih cepat)",
    "area.matvec.sizes.loss": "perkalian matriks-vektor pada m = {sizes} (paling tinggi {factor} lebih cepat, pada "
                              "m = {at})",
    "area.train_step.all.win": "langkah pelatihan pada setiap batch dari {first} sampai {last} ({factor} lebih "
                               "cepat pada batch {at})",
    "area.train_step.from.win": "langkah pelatihan mulai batch {size} ({factor} lebih cepat pada batch {at})",
    "area.train_step.size.win": "langkah pelatihan pada batch {at} ({factor} lebih cepat)",
    "area.train_step.sizes.win": "langkah pelatihan pada batch {sizes} (paling tinggi {factor} lebih cepat, pada "
                                 "batch {at})",
    "area.train_step.all.loss": "langkah pelatihan pada setiap batch dari {first} sampai {last} ({factor} lebih "
                                "cepat pada batch {at})",
    "area.train_step.below.loss": "langkah pelatihan di bawah batch {size} ({factor} lebih cepat pada batch {at})",
    "area.train_step.size.loss": "langkah pelatihan pada batch {at} ({factor} lebih cepat)",
    "area.train_step.sizes.loss": "langkah pelatihan pada batch {sizes} (paling tinggi {factor} lebih cepat, pada "
                                  "batch {at})",
    "area.matmul.all.win": "perkalian matriks {dtype} pada setiap ukuran dari m = {first} sampai {last} ({factor} "
                           "lebih "
                           "cepat pada m = {at})",
    "area.matmul.from.win": "perkalian matriks {dtype} mulai m = {size} ({factor} lebih cepat pada m = {at})",
    "area.matmul.size.win": "perkalian matriks {dtype} pada m = {at} ({factor} lebih cepat)",
    "area.matmul.sizes.win": "perkalian matriks {dtype} pada m = {sizes} (paling tinggi {factor} lebih cepat, pada "
                             "m = {at})",
    "area.matmul.all.loss": "perkalian matriks {dtype} pada setiap ukuran dari m = {first} sampai {last} ({factor} "
                            "lebih "
                            "cepat pada m = {at})",
    "area.matmul.below.loss": "perkalian matriks {dtype} di bawah m = {size} ({factor} lebih cepat pada m = {at})",
    "area.matmul.size.loss": "perkalian matriks {dtype} pada m = {at} ({factor} lebih cepat)",
    "area.matmul.sizes.loss": "perkalian matriks {dtype} pada m = {sizes} (paling tinggi {factor} lebih cepat, pada "
                              "m = {at})",
    "area.matvec.range.win": "perkalian matriks-vektor dari m = {first} sampai {last} (paling tinggi {factor} lebih "
                             "cepat, pada m = {at})",
    "area.matvec.range.loss": "perkalian matriks-vektor dari m = {first} sampai {last} (paling tinggi {factor} lebih "
                              "cepat, pada m = {at})",
    "area.train_step.range.win": "langkah pelatihan dari batch {first} sampai {last} (paling tinggi {factor} lebih "
                                 "cepat, pada batch {at})",
    "area.train_step.range.loss": "langkah pelatihan dari batch {first} sampai {last} (paling tinggi {factor} lebih "
                                  "cepat, pada batch {at})",
    "area.matmul.range.win": "perkalian matriks {dtype} dari m = {first} sampai {last} (paling tinggi {factor} lebih "
                             "cepat, pada m = {at})",
    "area.matmul.range.loss": "perkalian matriks {dtype} dari m = {first} sampai {last} (paling tinggi {factor} lebih "
                              "cepat, pada m = {at})",
    "use.matvec.range": "perkalian matriks-vektor dari m = {first} sampai {last}",
    "use.train_step.range": "langkah pelatihan dari batch {first} sampai {last}",
    "use.matmul.range": "perkalian matriks {dtype} dari m = {first} sampai {last}",
    "keep.matvec.range": "perkalian matriks-vektor dari m = {first} sampai {last}",
    "keep.train_step.range": "langkah pelatihan dari batch {first} sampai {last}",
    "keep.matmul.range": "perkalian matriks {dtype} dari m = {first} sampai {last}",
    "use.matvec.all": "perkalian matriks-vektor pada setiap ukuran dari m = {first} sampai {last}",
    "use.matvec.from": "perkalian matriks-vektor mulai m = {size} (matriks {bytes} atau lebih)",
    "use.matvec.size": "perkalian matriks-vektor pada m = {sizes}",
    "use.matvec.sizes": "perkalian matriks-vektor pada m = {sizes}",
    "use.train_step.all": "langkah pelatihan pada setiap batch dari {first} sampai {last}",
    "use.train_step.from": "langkah pelatihan mulai batch {size}",
    "use.train_step.size": "langkah pelatihan pada batch {sizes}",
    "use.train_step.sizes": "langkah pelatihan pada batch {sizes}",
    "use.matmul.all": "perkalian matriks {dtype} pada setiap ukuran dari m = {first} sampai {last}",
    "use.matmul.from": "perkalian matriks {dtype} mulai m = {size}",
    "use.matmul.size": "perkalian matriks {dtype} pada m = {sizes}",
    "use.matmul.sizes": "perkalian matriks {dtype} pada m = {sizes}",
    "keep.matvec.all": "perkalian matriks-vektor",
    "keep.matvec.below": "perkalian matriks-vektor di bawah m = {size}",
    "keep.matvec.size": "perkalian matriks-vektor pada m = {sizes}",
    "keep.matvec.sizes": "perkalian matriks-vektor pada m = {sizes}",
    "keep.train_step.all": "langkah pelatihan seperti ini",
    "keep.train_step.below": "langkah pelatihan di bawah batch {size}",
    "keep.train_step.size": "langkah pelatihan pada batch {sizes}",
    "keep.train_step.sizes": "langkah pelatihan pada batch {sizes}",
    "keep.matmul.all": "perkalian matriks {dtype}",
    "keep.matmul.below": "perkalian matriks {dtype} di bawah m = {size}",
    "keep.matmul.size": "perkalian matriks {dtype} pada m = {sizes}",
    "keep.matmul.sizes": "perkalian matriks {dtype} pada m = {sizes}",

    # -- reasons (closing chapter) -------------------------------------------------------------
    "reason.small.faster": "Bahkan perkalian matriks-vektor terkecil yang diukur, m = {size}, memakan {acc} di "
                           "{device} berbanding {cpu} di CPU, menurut pewaktu tersinkron.",
    "reason.small.slower": "Pada perkalian matriks-vektor terkecil yang diukur, m = {size}, satu panggilan memakan "
                           "{acc} di {device} berbanding {cpu} di CPU, menurut pewaktu tersinkron.",
    "reason.small.same": "Pada perkalian matriks-vektor terkecil yang diukur, m = {size}, satu panggilan memakan "
                         "{acc} di {device} dan {cpu} di CPU menurut pewaktu tersinkron, setara dalam batas derau.",
    "reason.streaming": "Membaca matriks itu dengan {rate}, laju yang dicapai B @ a di {device} pada m = {large}, "
                        "hanya akan memakan {stream}: sisa dari {acc} itu adalah biaya tetap sebuah panggilan.",
    "reason.small.cpu": "Mesin ini tidak punya GPU, jadi hanya sisi CPU dari perbandingan itu yang terukur: pada "
                        "m = {size}, perkalian matriks-vektor terkecil yang diukur, CPU memerlukan {cpu} per "
                        "panggilan menurut pewaktu tersinkron.",
    "reason.large.cpu": "Tanpa akselerator di pengukuran ini, memori CPU tidak punya pembanding; bab tentang "
                        "perkalian matriks-vektor memuat laju CPU ini ketika membaca matriks-matriks terbesarnya.",
    "reason.small.none": "Tidak ada perkalian matriks-vektor kecil yang terukur dengan baik di kedua perangkat "
                         "mesin ini.",
    "reading.beyond_cache": "{rate} di {device} (m = {size}, matriks {matrix}, lebih besar daripada cache-nya: dari "
                            "memori)",
    "reading.largest": "{rate} di {device} (m = {size}, matriks terbesarnya; ukuran cache-nya tidak diketahui, jadi "
                       "belum terbukti bahwa ini kecepatan memori)",
    "reading.fits_cache": "{rate} di {device} (m = {size}, matriks terbesarnya, {matrix}, yang muat di cache-nya yang "
                          "{cache}, jadi angka ini mungkin sebagian kecepatan cache)",
    "reason.large.faster": "Perkalian matriks-vektor yang besar dibatasi oleh seberapa cepat matriksnya bisa "
                           "dikirim: B @ a membaca "
                           "matriks besar dengan {reads}, jadi {device} membaca matriks {factor} lebih cepat "
                           "daripada CPU.",
    "reason.large.slower": "Perkalian matriks-vektor yang besar dibatasi oleh seberapa cepat matriksnya bisa "
                           "dikirim: B @ a membaca "
                           "matriks besar dengan {reads}, jadi CPU membaca matriks {factor} lebih cepat "
                           "daripada {device}.",
    "reason.large.same": "Perkalian matriks-vektor yang besar dibatasi oleh seberapa cepat matriksnya bisa dikirim: "
                         "B @ a membaca "
                         "matriks besar dengan {reads}, setara dalam batas derau.",
    # -- bab "Mac Anda" ----------------------------------------------------------------------------
    "your_mac.summary": {"plural": "measured",
                         "other": "Lembar spesifikasi di bawah memuat {chips} chip Apple dalam {variants} varian "
                                  "menurut jumlah inti GPU, dari {first} sampai {last}. {measured} di antaranya "
                                  "punya paling sedikit satu angka yang diukur dan diterbitkan pihak lain: {rows} "
                                  "angka dari {sources} sumber."},
    "your_mac.arithmetic": "Sebagai contoh, menurut lembar spesifikasi Apple, {chip} membaca memori dengan kecepatan "
                           "{bandwidth}. B @ a pada m = {m} membaca 4 × ({m}² + 2 × {m}) byte = {moved}, jadi "
                           "waktunya paling sedikit {moved} ÷ {bandwidth} = {least}, secepat apa pun GPU-nya "
                           "menghitung. Model dengan 7 miliar parameter berbobot 16-bit membaca 7 miliar × 2 byte = "
                           "{weights} untuk setiap token yang dihasilkannya, jadi chip ini paling banyak menghasilkan "
                           "{bandwidth} ÷ {weights} ≈ {tokens} token per detik, itu pun hanya kalau {weights} itu "
                           "muat di memorinya yang {memory} bersama semua yang lain.",
    "your_mac.answer.cited": "Salinan situs ini dibangun di mesin tanpa GPU Apple (CPU-nya: {cpu}), jadi tidak ada "
                             "satu pun angka di atas yang berasal dari Mac. Artikel ini mengutip {rows} pengukuran "
                             "yang diterbitkan pihak lain untuk {chips} chip Apple; dengan PyTorch di GPU, operasi "
                             "salin memori biasa berkisar dari {low} di {low_chip} sampai {high} di {high_chip} "
                             "({source}).",
    "your_mac.answer.none": "Salinan situs ini dibangun di mesin tanpa GPU Apple (CPU-nya: {cpu}), jadi tidak ada "
                            "satu pun angka di atas yang berasal dari Mac.",
    "your_mac.answer.mac_both": {"plural": "figures",
                                 "other": "Situs ini dibangun di {chip}, dan di sini operasi salin memori di GPU "
                                          "mencapai {mine}. Pihak lain telah menerbitkan {figures} angka PyTorch di "
                                          "GPU chip ini; operasi salin terbaik mereka mencapai {copy} ({source})."},
    "your_mac.answer.mac_cited": {"plural": "figures",
                                  "other": "Situs ini dibangun di {chip}. Pihak lain telah menerbitkan {figures} "
                                           "angka PyTorch di GPU chip ini; operasi salin terbaik mereka mencapai "
                                           "{copy} ({source})."},
    "your_mac.answer.mac_cited_other": {"plural": "figures",
                                        "other": "Situs ini dibangun di {chip}. Pihak lain telah menerbitkan "
                                                 "{figures} angka PyTorch di GPU chip ini."},
    "your_mac.answer.mac_uncited": "Situs ini dibangun di {chip}. Belum ada pengukuran PyTorch di GPU chip ini yang "
                                   "diterbitkan dalam daftar artikel ini.",

    # -- model bahasa (bab llm; kalimat decode dan pegangan praktis pada jawaban) -----------------
    "ops.sentence": "Satu operasi kecil memakan {costs}, yaitu waktu satu panggilan berisi {ops} penjumlahan atas "
                    "{n} nilai, yang masing-masing menunggu hasil penjumlahan sebelumnya, dibagi {ops}.",
    "ops.cost": "{cost} di {device}",
    "ops.none": "Tidak ada rantai operasi kecil yang terukur dengan baik di mesin ini.",
    "attention.best": "Di {device}, laju attention terbaik adalah {rates}.",
    "attention.rate": "{rate} dalam {dtype} ({seq} posisi, ukuran head {dim})",
    "attention.rate.matmul": "{rate} dalam {dtype} ({seq} posisi, ukuran head {dim}; perkalian matriks {dtype} "
                             "terbaiknya mencapai {mm} pada m = {m})",
    "attention.none": "Tidak ada panggilan attention yang terukur dengan baik di mesin ini.",
    "attention.backend.one": {"plural": "count",
                              "other": "Di {device}, PyTorch memilih kernel {backend} untuk setiap panggilan "
                                       "attention yang diukur ({count} panggilan)."},
    "attention.backend.none": "Karena itu, pengukuran ini tidak mencatat backend attention apa pun.",
    "attention.backend.several": "Di {device}, PyTorch memilih {choices} dari {total} panggilan attention yang "
                                 "diukur.",
    "attention.backend.choice": "kernel {backend} untuk {count}",
    "attention.call": "{seq} posisi dengan ukuran head {dim}",
    "attention.compared.faster": "Dalam {dtype}, attention lebih cepat di {device} daripada di CPU pada setiap "
                                 "panggilan yang diukur pada keduanya, hingga {factor} lebih cepat pada {call}.",
    "attention.compared.slower": "Dalam {dtype}, attention lebih lambat di {device} daripada di CPU pada setiap "
                                 "panggilan yang diukur pada keduanya: pada {call} waktunya sampai {factor} waktu "
                                 "CPU.",
    "attention.compared.same": "Dalam {dtype}, attention di {device} dan di CPU setara dalam batas derau pada setiap "
                               "panggilan yang diukur pada keduanya.",
    "attention.compared.mixed": "Dalam {dtype}, attention lebih cepat di {device} daripada di CPU pada {faster}, "
                                "tetapi tidak pada {other}.",
    "attention.compared.not_faster": "Dalam {dtype}, attention di {device} tidak lebih cepat daripada di CPU pada "
                                     "satu pun panggilan yang diukur pada keduanya ({other}).",
    "attention.compared.none": "Tidak ada panggilan attention dalam {dtype} yang terukur dengan baik di {device} "
                               "sekaligus di CPU.",
    "attention.compared.no_accelerator": "Mesin ini tidak memiliki akselerator, jadi attention hanya dijalankan di "
                                         "CPU.",
    "decode.eager": {"plural": "tokens",
                     "other": "Di {device}, model dengan {params} parameter dalam {dtype} menghasilkan {tokens} "
                              "token per detik pada konteks {context} posisi: satu token setiap {time}."},
    "decode.bound": {"plural": "bound",
                     "other": "Untuk setiap token, model itu membaca {bytes}; dengan {rate} yang dicapai B @ a di "
                              "{device} pada m = {m}, itu berarti paling banyak {rate} ÷ {bytes} ≈ {bound} token "
                              "per detik, jadi langkah ini mencapai {share} dari batas atasnya."},
    "decode.no_bound": "Tidak ada B @ a yang terukur dengan baik di {device}, jadi tidak ada batas atas sebagai "
                       "pembanding.",
    "decode.limit.overhead": "Langkah itu menjalankan {ops} operasi; dengan {cost} per operasi, biaya tetapnya "
                             "berjumlah {total} dari waktu langkah {time}: di {device}, yang membatasinya adalah "
                             "biaya tetap setiap panggilan, bukan bandwidth.",
    "decode.limit.neither": "Langkah itu menjalankan {ops} operasi; dengan {cost} per operasi, biaya tetapnya "
                            "berjumlah {total} dari waktu langkah {time}: di {device}, baik bandwidth maupun "
                            "biaya tetap panggilannya tidak menjelaskan sebagian besar waktu itu.",
    "decode.limit.bandwidth": "Jadi di {device}, sebagian besar waktunya dihabiskan oleh bandwidth: membaca byte-nya "
                              "pada laju itu memakan paling sedikit separuh waktu langkah.",
    "decode.limit.unknown": "Tidak ada operasi kecil yang terukur dengan baik di {device}, jadi pengukuran ini tidak "
                            "bisa menunjukkan seberapa besar bagian langkah itu yang berupa biaya tetap "
                            "panggilannya.",
    "decode.how.cuda_graph": "Diputar ulang sebagai CUDA graph",
    "decode.how.torch_compile": "Dikompilasi dengan torch.compile",
    "decode.graph.faster": {"plural": "tokens",
                            "other": "{how}, langkah yang sama menghasilkan {tokens} token per detik, "
                                     "{factor} lebih cepat daripada mode eager, dan mencapai {share} dari batas "
                                     "atasnya."},
    "decode.graph.same": {"plural": "tokens",
                          "other": "{how}, langkah yang sama menghasilkan {tokens} token per detik, "
                                   "setara dalam batas derau dengan mode eager ({share} dari batas atasnya)."},
    "decode.graph.slower": {"plural": "tokens",
                            "other": "{how}, langkah yang sama justru lebih lambat daripada mode "
                                     "eager: {tokens} token per detik, dengan waktu {factor} waktu mode eager, atau "
                                     "{share} dari batas atasnya."},
    "decode.graph.faster.no_bound": {"plural": "tokens",
                                     "other": "{how}, langkah yang sama menghasilkan {tokens} token per detik, "
                                              "{factor} lebih cepat daripada mode eager."},
    "decode.graph.same.no_bound": {"plural": "tokens",
                                   "other": "{how}, langkah yang sama menghasilkan {tokens} token per detik, "
                                            "setara dalam batas derau dengan mode eager."},
    "decode.graph.slower.no_bound": {"plural": "tokens",
                                     "other": "{how}, langkah yang sama justru lebih lambat daripada mode eager: "
                                              "{tokens} token per detik, waktunya {factor} waktu mode eager."},
    "decode.graph.missing": "Langkah yang sama tanpa overhead per panggilan tidak diukur di sini: {why}.",
    "decode.missing": "Di {device}, langkah decode model dengan {params} parameter dalam {dtype} tidak diukur "
                      "({why}).",
    "decode.missing.no_reason": "alasannya tidak tercatat",
    "decode.none": "Mesin ini tidak mengukur satu pun langkah decode.",
    "answer.decode.overhead": "Diukur di sini, model dengan {params} parameter yang membaca {bytes} per token "
                              "menghasilkan {tokens} token per detik di {device}, dibandingkan batas atas "
                              "{rate} ÷ {bytes} ≈ {bound} token per detik: {share} dari batas itu. Jadi di mesin ini, "
                              "yang membatasi model bahasa yang dijalankan PyTorch dalam mode eager adalah biaya "
                              "tetap setiap panggilan, bukan bandwidth.",
    "answer.decode.neither": "Diukur di sini, model dengan {params} parameter yang membaca {bytes} per token "
                             "menghasilkan {tokens} token per detik di {device}, dibandingkan batas atas "
                             "{rate} ÷ {bytes} ≈ {bound} token per detik: {share} dari batas itu, dan baik bandwidth "
                             "maupun biaya tetap panggilannya tidak menjelaskan sebagian besar waktunya.",
    "answer.decode.bandwidth": "Diukur di sini, model dengan {params} parameter yang membaca {bytes} per token "
                               "menghasilkan {tokens} token per detik di {device}, dibandingkan batas atas "
                               "{rate} ÷ {bytes} ≈ {bound} token per detik: {share} dari batas itu, jadi di mesin "
                               "ini sebagian besar waktunya dihabiskan oleh bandwidth.",
    "answer.decode.unknown": "Diukur di sini, model dengan {params} parameter yang membaca {bytes} per token "
                             "menghasilkan {tokens} token per detik di {device}, dibandingkan batas atas "
                             "{rate} ÷ {bytes} ≈ {bound} token per detik: {share} dari batas itu.",
    "answer.decode.none": "Mesin ini tidak mengukur dengan baik satu pun langkah decode yang punya batas atas "
                          "sebagai pembanding.",
    "rule.attention.faster": "Attention dalam {dtype} juga sebaiknya dijalankan di {device}: di sana ia lebih cepat "
                             "pada setiap panggilan yang diukur pada keduanya.",
    "rule.attention.slower": "Attention dalam {dtype} sebaiknya tetap di CPU di sini: {device} lebih lambat pada "
                             "setiap panggilan yang diukur pada keduanya.",
    "rule.attention.same": "Untuk attention dalam {dtype}, pilihan perangkat tidak berpengaruh di sini: hasil kedua "
                           "perangkat setara dalam batas derau pada setiap panggilan yang diukur pada keduanya.",
    "rule.attention.mixed": "Untuk attention dalam {dtype}, perangkat mana yang unggul di sini bergantung pada "
                            "panjang urutan dan ukuran head.",
    "rule.decode.overhead": "Untuk menghasilkan teks di {device}, hitung jumlah operasi per token, bukan hanya "
                            "byte-nya: di sini PyTorch dalam mode eager mencapai {share} dari batas bandwidth.",
    "rule.decode.neither": "Untuk menghasilkan teks di {device}, hitung byte sekaligus operasi per token: di sini "
                           "PyTorch dalam mode eager mencapai {share} dari batas bandwidth, dan tidak satu pun dari "
                           "keduanya menjelaskan sebagian besar waktunya.",
    "rule.decode.none": "Pengukuran ini tidak menghasilkan aturan praktis untuk menghasilkan teks: tidak ada langkah "
                        "decode yang terukur dengan baik beserta batas atas dan biaya satu operasinya.",
    "rule.decode.bandwidth": "Untuk menghasilkan teks di {device}, hitung byte per token: di sini PyTorch dalam mode "
                             "eager mencapai {share} dari batas bandwidth.",
    "reason.ops": "Rantai operasi kecil mengukur biaya tetap itu secara langsung: satu operasi memakan {acc} di "
                  "{device} berbanding {cpu} di CPU.",
    "reason.ops.cpu": "Rantai operasi kecil mengukur biaya tetap itu secara langsung: satu operasi memakan {cpu} di "
                      "CPU.",
}
