// The pages the site search lists, as absolute URLs.
() => Array.from(document.querySelectorAll("#search-results ul.search li a[href]"), (a) => a.href)
