// A class's cookie (ui/class_identity.py): the name and value are made by the server (a class
// code, a secret, a token in URL-safe base64), never user text. Single quotes: the benchmarks'
// scripted students (benchmarks/class_clients.py SET_COOKIE) read the cookie from this line.
document.cookie = '${NAME}=${VALUE}; path=/; max-age=${LIFETIME_S}; SameSite=Strict';
