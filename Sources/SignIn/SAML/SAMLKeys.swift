import Foundation
internal import CXMLSec

/// A certificate the IdP signs with, as its metadata or the settings give it.
public struct SAMLCertificate: Sendable, Hashable {
    /// The certificate, DER.
    public var der: [UInt8]

    public init(der: [UInt8]) {
        self.der = der
    }

    /// The certificates a PEM file holds (`-----BEGIN CERTIFICATE-----` blocks), in order.
    public static func pem(_ text: String) -> [SAMLCertificate] {
        text.components(separatedBy: "-----BEGIN CERTIFICATE-----").dropFirst().compactMap { block in
            guard let end = block.range(of: "-----END CERTIFICATE-----") else { return nil }
            return base64(String(block[..<end.lowerBound]))
        }
    }

    /// A certificate written in base64, as `<ds:X509Certificate>` holds it (white space ignored).
    static func base64(_ text: String) -> SAMLCertificate? {
        Data(base64Encoded: text.filter { !$0.isWhitespace }).map { SAMLCertificate(der: Array($0)) }
    }

    /// The certificate in base64 on one line, as metadata writes it.
    var base64Text: String { Data(der).base64EncodedString() }
}

/// The service provider's own private key (PEM), which the IdP encrypts assertions to and
/// which signs this server's logout messages.
public struct SAMLPrivateKey: Sendable {
    /// The key, PEM (PKCS#8 or PKCS#1), never written anywhere.
    var pem: [UInt8]
    /// xmlsec1's keys manager holding it, made once.
    let decryption: XMLSecurity.DecryptionKeys

    /// `nil` when `pem` holds no private key xmlsec1 can read.
    public init?(pem: String) {
        guard let decryption = XMLSecurity.DecryptionKeys(pem: Array(pem.utf8)) else { return nil }
        self.pem = Array(pem.utf8)
        self.decryption = decryption
    }
}

/// XML signatures and encryption, by xmlsec1: nothing of our own checks a signature.
enum XMLSecurity {
    /// xmlsec1 and its OpenSSL back end, started once for the process.
    private static let started: Bool = campus_xmlsec_start() == 0

    /// What a signature covers: the element it names, as the bytes its digest was computed over.
    struct Covered {
        /// The ID the reference names (without `#`).
        var id: String
        var bytes: [UInt8]
    }

    /// Checks `signature` (a `<ds:Signature>`) of the element whose ID is `id` with the first of
    /// `certificates` it holds for, and gives back what it covers: the only part of the message
    /// to be read from then on. Before xmlsec1 sees it, the signature must hold one `Reference`,
    /// to `#id` exactly, and `id` be a plain XML name: an XPointer or an ID that is no name could
    /// make xmlsec1 evaluate XPath written by the sender before any signature is checked.
    static func verify(_ signature: SAMLElement, of id: String, certificates: [SAMLCertificate], what: String) throws(SignInRefusal) -> Covered {
        guard started else { throw SignInRefusal(.unreadable, "xmlsec1 did not start") }
        guard !certificates.isEmpty else { throw SignInRefusal(.notTrusted, "no certificate of the IdP is known to check \(what) with") }
        let ds = SAMLNamespace.signature
        let references = signature.child("SignedInfo", in: ds)?.children("Reference", in: ds) ?? []
        guard id.wholeMatch(of: /[A-Za-z_][A-Za-z0-9_.\-]{0,127}/) != nil, references.count == 1, references[0].attribute("URI") == "#" + id else {
            throw SignInRefusal(.notTrusted, "\(what)'s signature does not name \(what) alone (one reference to its ID)")
        }
        var reasons: [String] = []
        for certificate in certificates {
            var covered = campus_xmlsec_signed()
            let code = certificate.der.withUnsafeBufferPointer { key in
                campus_xmlsec_verify(UnsafeMutableRawPointer(signature.node), key.baseAddress, Int32(key.count), &covered)
            }
            defer { free(covered.bytes) }
            switch code {
            case 0:
                let uri = withUnsafeBytes(of: covered.uri) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard uri.hasPrefix("#"), uri.count > 1 else {
                    throw SignInRefusal(.notTrusted, "\(what)'s signature covers '\(uri)', not an element of the message")
                }
                return Covered(id: String(uri.dropFirst()), bytes: Array(UnsafeBufferPointer(start: covered.bytes, count: Int(covered.size))))
            case 1:
                reasons.append("does not hold")
            default:
                reasons.append(String(cString: campus_xmlsec_last_reason()))
            }
        }
        let reason = reasons.contains("does not hold") ? "does not hold with the IdP's certificate" : (reasons.first ?? "")
        throw SignInRefusal(.notTrusted, "\(what)'s signature \(reason)")
    }

    /// Signs `document` by its empty `<ds:Signature>` template `signature` with `key`.
    static func sign(_ signature: SAMLElement, key: SAMLPrivateKey) throws(SignInRefusal) {
        guard started else { throw SignInRefusal(.unreadable, "xmlsec1 did not start") }
        let code = key.pem.withUnsafeBufferPointer { campus_xmlsec_sign(UnsafeMutableRawPointer(signature.node), $0.baseAddress, Int32($0.count)) }
        guard code == 0 else { throw SignInRefusal(.unreadable, "a message cannot be signed with this server's key (\(String(cString: campus_xmlsec_last_reason())))") }
    }

    /// xmlsec1's keys manager for one private key: made once (its X.509 store reads every
    /// system CA certificate), then only read, by any number of decryptions at once.
    final class DecryptionKeys: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer

        init?(pem: [UInt8]) {
            guard started, let pointer = pem.withUnsafeBufferPointer({ campus_xmlsec_keys_make($0.baseAddress, Int32($0.count)) }) else {
                return nil
            }
            self.pointer = pointer
        }

        deinit { campus_xmlsec_keys_free(pointer) }
    }

    /// Decrypts `encrypted` (an `<xenc:EncryptedData>`) in place with `key`.
    static func decrypt(_ encrypted: SAMLElement, key: SAMLPrivateKey, what: String) throws(SignInRefusal) {
        guard started else { throw SignInRefusal(.unreadable, "xmlsec1 did not start") }
        let code = campus_xmlsec_decrypt(UnsafeMutableRawPointer(encrypted.node), key.decryption.pointer)
        guard code == 0 else {
            throw SignInRefusal(.notTrusted, "\(what) cannot be used: it cannot be decrypted with this server's key (\(String(cString: campus_xmlsec_last_reason())))")
        }
    }
}
