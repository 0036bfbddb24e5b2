// The part of node-forge the sealing module uses, instead of `import forge from 'node-forge'`, whose
// index loads every module (TLS, PKCS#7, SSH, Ed25519, ciphers suites…: ~300 KB minified in the seal
// and anchor bundles). Each `lib/*.js` file registers itself on the shared `forge` object:
// - `pki` brings x509 (certificates), pkcs12 (open and write bundles), rsa, pem, pbe (the bag
//   ciphers: AES, 3DES, RC2), pbkdf2, hmac, asn1, oids and util;
// - `md.all` registers every digest a PKCS#12 MAC or a certificate's signature may name (MD5, SHA-1,
//   SHA-256, SHA-384, SHA-512): forge looks them up by name, so a bundle from `openssl pkcs12` with
//   another MAC digest, or a certificate signed with SHA-384, opens as before.
import forge from 'node-forge/lib/forge.js';
import 'node-forge/lib/pki.js';
import 'node-forge/lib/md.all.js';

export default forge;
