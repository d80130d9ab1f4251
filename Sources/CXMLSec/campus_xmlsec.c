// XML signatures and encryption for SAML, by xmlsec1 (over OpenSSL): the set-up xmlsec1's own
// examples do, limited to what SAML uses, and the copying out of the bytes a signature covers,
// so that Swift reads only those. xmlsec1's build options, which its pkg-config file gives as
// -D flags, are set here.
#define XMLSEC_NO_SIZE_T 1
#define XMLSEC_NO_GOST 1
#define XMLSEC_NO_GOST2012 1
#define XMLSEC_NO_CRYPTO_DYNAMIC_LOADING 1
#define XMLSEC_CRYPTO_OPENSSL 1
#define XMLSEC_OPENSSL3_ENGINES 1
#define __XMLSEC_FUNCTION__ __func__

#include "campus_xmlsec.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/valid.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xmlsec/xmlsec.h>
#include <xmlsec/xmltree.h>
#include <xmlsec/xmldsig.h>
#include <xmlsec/xmlenc.h>
#include <xmlsec/keys.h>
#include <xmlsec/keysmngr.h>
#include <xmlsec/membuf.h>
#include <xmlsec/errors.h>
#include <xmlsec/crypto.h>

/// The reason xmlsec1 last gave for a failure on this thread, for the log.
static _Thread_local char campus_xmlsec_reason[160];

static void campus_xmlsec_record(const char *file, int line, const char *func, const char *errorObject,
                                 const char *errorSubject, int reason, const char *msg) {
    (void)file; (void)line; (void)func; (void)errorObject; (void)reason;
    snprintf(campus_xmlsec_reason, sizeof(campus_xmlsec_reason), "%s%s%s", errorSubject ? errorSubject : "",
             errorSubject ? ": " : "", msg ? msg : "");
}

/// Starts libxml2, xmlsec1 and its OpenSSL back end; 0 when ready. Call once.
int campus_xmlsec_start(void) {
    xmlInitParser();
    if (xmlSecInit() < 0) return -1;
    if (xmlSecCheckVersion() != 1) return -2;
    if (xmlSecCryptoAppInit(NULL) < 0) return -3;
    if (xmlSecCryptoInit() < 0) return -4;
    xmlSecErrorsSetCallback(campus_xmlsec_record);
    return 0;
}

/// The last reason recorded on this thread (empty when none), cleared by the next call.
const char *campus_xmlsec_last_reason(void) { return campus_xmlsec_reason; }
static void campus_xmlsec_clear_reason(void) { campus_xmlsec_reason[0] = 0; }

/// Registers the `ID` attribute of `element` and of every element under it as an XML ID, the
/// way SAML names what it signs. Returns how many were registered, or -1 when a value is used
/// twice in the document (a wrapped message).
int campus_xml_register_ids(void *documentPointer, void *elementPointer) {
    xmlDocPtr document = documentPointer;
    xmlNodePtr element = elementPointer;
    if (element == NULL || element->type != XML_ELEMENT_NODE) return 0;
    int count = 0;
    // The `ID` in no namespace: xmlHasProp would give the first attribute of that local name in any.
    xmlAttrPtr attribute = xmlHasNsProp(element, BAD_CAST "ID", NULL);
    if (attribute != NULL) {
        xmlChar *value = xmlNodeListGetString(document, attribute->children, 1);
        if (value == NULL) return -1;
        int taken = xmlGetID(document, value) != NULL;
        if (!taken && xmlAddID(NULL, document, value, attribute) == NULL) taken = 1;
        xmlFree(value);
        if (taken) return -1;
        count++;
    }
    for (xmlNodePtr child = element->children; child != NULL; child = child->next) {
        int inner = campus_xml_register_ids(document, child);
        if (inner < 0) return -1;
        count += inner;
    }
    return count;
}

/// A signature context holding `key` (loaded in `format`), or NULL when the key cannot be read.
static xmlSecDSigCtxPtr campus_dsig_context(const unsigned char *key, int keySize, xmlSecKeyDataFormat format) {
    xmlSecKeyPtr loaded = xmlSecCryptoAppKeyLoadMemory(key, (xmlSecSize)keySize, format, NULL, NULL, NULL);
    if (loaded == NULL) return NULL;
    xmlSecDSigCtxPtr context = xmlSecDSigCtxCreate(NULL);
    if (context == NULL) {
        xmlSecKeyDestroy(loaded);
        return NULL;
    }
    context->signKey = loaded;
    return context;
}

/// Checks the `<ds:Signature>` at `signature` with the DER certificate `key` and copies out
/// what it covers. Only what SAML profiles
/// use is enabled: one same-document reference, exclusive or inclusive canonicalization, the
/// enveloped-signature transform, SHA-2 digests, RSA and ECDSA with SHA-2. Returns 0 when the
/// signature holds, 1 when it is well formed and does not, a negative number when it cannot be
/// checked (a disabled algorithm, a malformed element, several references).
int campus_xmlsec_verify(void *signature, const unsigned char *key, int keySize, campus_xmlsec_signed *out) {
    campus_xmlsec_clear_reason();
    out->bytes = NULL;
    out->size = 0;
    out->uri[0] = 0;
    xmlSecDSigCtxPtr context = campus_dsig_context(key, keySize, xmlSecKeyDataFormatCertDer);
    if (context == NULL) return -1;
    context->flags = XMLSEC_DSIG_FLAGS_STORE_SIGNEDINFO_REFERENCES;
    context->enabledReferenceUris = xmlSecTransformUriTypeSameDocument;
    xmlSecTransformId references[] = {
        xmlSecTransformExclC14NId, xmlSecTransformInclC14NId, xmlSecTransformEnvelopedId,
        xmlSecTransformSha256Id, xmlSecTransformSha384Id, xmlSecTransformSha512Id,
    };
    xmlSecTransformId signatures[] = {
        xmlSecTransformExclC14NId, xmlSecTransformInclC14NId,
        xmlSecTransformRsaSha256Id, xmlSecTransformRsaSha384Id, xmlSecTransformRsaSha512Id,
        xmlSecTransformEcdsaSha256Id, xmlSecTransformEcdsaSha384Id, xmlSecTransformEcdsaSha512Id,
    };
    int result = 0;
    for (size_t i = 0; i < sizeof(references) / sizeof(references[0]) && result == 0; i++)
        if (xmlSecDSigCtxEnableReferenceTransform(context, references[i]) < 0) result = -1;
    for (size_t i = 0; i < sizeof(signatures) / sizeof(signatures[0]) && result == 0; i++)
        if (xmlSecDSigCtxEnableSignatureTransform(context, signatures[i]) < 0) result = -1;
    if (result == 0 && xmlSecDSigCtxVerify(context, signature) < 0) result = -2;
    if (result == 0 && context->status != xmlSecDSigStatusSucceeded) result = 1;
    if (result == 0 && xmlSecPtrListGetSize(&context->signedInfoReferences) != 1) result = -3;
    if (result == 0) {
        xmlSecDSigReferenceCtxPtr reference = (xmlSecDSigReferenceCtxPtr)xmlSecPtrListGetItem(&context->signedInfoReferences, 0);
        xmlSecBufferPtr covered = reference && reference->preDigestMemBufMethod
            ? xmlSecTransformMemBufGetBuffer(reference->preDigestMemBufMethod) : NULL;
        if (reference == NULL || reference->status != xmlSecDSigStatusSucceeded || covered == NULL || reference->uri == NULL
            || strlen((const char *)reference->uri) >= sizeof(out->uri)) {
            result = -3;
        } else {
            strcpy(out->uri, (const char *)reference->uri);
            out->size = (int)xmlSecBufferGetSize(covered);
            out->bytes = (unsigned char *)malloc(out->size > 0 ? (size_t)out->size : 1);
            if (out->bytes == NULL) result = -1;
            else memcpy(out->bytes, xmlSecBufferGetData(covered), (size_t)out->size);
        }
    }
    xmlSecDSigCtxDestroy(context);
    return result;
}

/// A keys manager holding the private key `key` (PEM), for decryptions: a simple key store of
/// the one key (the crypto back end's default manager would add an X.509 store reading every
/// system CA certificate, some 20 ms, which decryption never needs). NULL when the key cannot be read.
void *campus_xmlsec_keys_make(const unsigned char *key, int keySize) {
    campus_xmlsec_clear_reason();
    xmlSecKeysMngrPtr keys = xmlSecKeysMngrCreate();
    if (keys == NULL) return NULL;
    xmlSecKeyStorePtr store = xmlSecKeyStoreCreate(xmlSecSimpleKeysStoreId);
    if (store == NULL || xmlSecKeysMngrAdoptKeysStore(keys, store) < 0) {
        if (store != NULL) xmlSecKeyStoreDestroy(store);
        xmlSecKeysMngrDestroy(keys);
        return NULL;
    }
    keys->getKey = xmlSecKeysMngrGetKey;
    xmlSecKeyPtr privateKey = xmlSecCryptoAppKeyLoadMemory(key, (xmlSecSize)keySize, xmlSecKeyDataFormatPem, NULL, NULL, NULL);
    if (privateKey == NULL || xmlSecSimpleKeysStoreAdoptKey(store, privateKey) < 0) {
        if (privateKey != NULL) xmlSecKeyDestroy(privateKey);
        xmlSecKeysMngrDestroy(keys);
        return NULL;
    }
    return keys;
}

void campus_xmlsec_keys_free(void *keys) {
    if (keys != NULL) xmlSecKeysMngrDestroy((xmlSecKeysMngrPtr)keys);
}

/// Decrypts the `<xenc:EncryptedData>` at `encrypted` in place with the key `keys` holds. Only
/// what SAML encryption uses is enabled: no URI of any kind (no CipherReference, no
/// RetrievalMethod fetch), AES in CBC or GCM, the content key by RSA-OAEP in an EncryptedKey,
/// base64; KeyInfo read for an EncryptedKey or a key name only.
int campus_xmlsec_decrypt(void *encrypted, void *keys) {
    campus_xmlsec_clear_reason();
    xmlSecEncCtxPtr context = xmlSecEncCtxCreate((xmlSecKeysMngrPtr)keys);
    if (context == NULL) return -1;
    context->transformCtx.enabledUris = xmlSecTransformUriTypeNone;
    context->keyInfoReadCtx.retrievalMethodCtx.enabledUris = xmlSecTransformUriTypeNone;
    xmlSecTransformId transforms[] = {
        xmlSecTransformBase64Id, xmlSecTransformAes128CbcId, xmlSecTransformAes192CbcId, xmlSecTransformAes256CbcId,
        xmlSecTransformAes128GcmId, xmlSecTransformAes192GcmId, xmlSecTransformAes256GcmId, xmlSecTransformRsaOaepId,
    };
    xmlSecKeyDataId keyData[] = {xmlSecKeyDataEncryptedKeyId, xmlSecKeyDataNameId, xmlSecKeyDataAesId, xmlSecKeyDataRsaId};
    int result = 0;
    for (size_t i = 0; i < sizeof(transforms) / sizeof(transforms[0]) && result == 0; i++)
        if (xmlSecPtrListAdd(&context->transformCtx.enabledTransforms, (void *)transforms[i]) < 0) result = -1;
    for (size_t i = 0; i < sizeof(keyData) / sizeof(keyData[0]) && result == 0; i++)
        if (xmlSecPtrListAdd(&context->keyInfoReadCtx.enabledKeyData, (void *)keyData[i]) < 0) result = -1;
    if (result == 0 && (xmlSecEncCtxDecrypt(context, (xmlNodePtr)encrypted) < 0 || context->result == NULL || !context->resultReplaced)) result = -2;
    xmlSecEncCtxDestroy(context);
    return result;
}

/// Fills the empty `<ds:Signature>` template at `signature` with the private key `key` (PEM).
int campus_xmlsec_sign(void *signature, const unsigned char *key, int keySize) {
    campus_xmlsec_clear_reason();
    xmlSecDSigCtxPtr context = campus_dsig_context(key, keySize, xmlSecKeyDataFormatPem);
    if (context == NULL) return -1;
    int result = xmlSecDSigCtxSign(context, (xmlNodePtr)signature) < 0 ? -2 : 0;
    xmlSecDSigCtxDestroy(context);
    return result;
}
