"""Results: points and the set of one run (model), the file format (schema, safejson, files), checks of files
from elsewhere (validate) and the archive of other machines. No torch; imports only the core."""
