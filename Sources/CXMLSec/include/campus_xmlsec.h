#ifndef CAMPUS_XMLSEC_H
#define CAMPUS_XMLSEC_H

// What SAML needs of xmlsec1, over libxml2 documents (`xmlDocPtr`, `xmlNodePtr` passed as
// `void *`, so that xmlsec1's headers stay inside this target).

/// Starts libxml2, xmlsec1 and its OpenSSL back end; 0 when ready. Call once.
int campus_xmlsec_start(void);

/// The reason xmlsec1 last gave for a failure on this thread (empty when none).
const char *campus_xmlsec_last_reason(void);

/// Registers the `ID` attribute of `element` and of every element under it as an XML ID, the
/// way SAML names what it signs. Returns how many were registered, or -1 when a value is used
/// twice in the document (a wrapped message).
int campus_xml_register_ids(void *document, void *element);

/// What a checked signature covers: the one reference's URI and the bytes its digest was
/// computed over (after its transforms), owned by the caller (free with `free`).
typedef struct {
    char uri[130];
    unsigned char *bytes;
    int size;
} campus_xmlsec_signed;

/// Checks the `<ds:Signature>` at `signature` with the DER certificate `key` and copies out
/// what it covers. Only what SAML profiles use is enabled: one same-document reference,
/// exclusive or inclusive canonicalization, the enveloped-signature transform, SHA-2 digests,
/// RSA and ECDSA with SHA-2. Returns 0 when the signature holds, 1 when it is well formed and
/// does not, a negative number when it cannot be checked (a disabled algorithm, a malformed
/// element, several references).
int campus_xmlsec_verify(void *signature, const unsigned char *key, int keySize, campus_xmlsec_signed *out);

/// A keys manager holding the private key `key` (PEM), made once per key and read by any
/// number of decryptions at once; NULL when the key cannot be read. Freed by
/// `campus_xmlsec_keys_free`.
void *campus_xmlsec_keys_make(const unsigned char *key, int keySize);
void campus_xmlsec_keys_free(void *keys);

/// Decrypts the `<xenc:EncryptedData>` at `encrypted` in place with the key `keys` (from
/// `campus_xmlsec_keys_make`) holds, its content key carried in an `<xenc:EncryptedKey>` for
/// that key. Returns 0 when the element was replaced by what it held, a negative number otherwise.
int campus_xmlsec_decrypt(void *encrypted, void *keys);

/// Fills the empty `<ds:Signature>` template at `signature` (its `Reference` naming an element
/// whose ID is registered) with the private key `key` (PEM). Returns 0 when signed.
int campus_xmlsec_sign(void *signature, const unsigned char *key, int keySize);

#endif
