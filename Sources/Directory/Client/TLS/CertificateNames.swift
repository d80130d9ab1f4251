import Foundation

/// The host names and addresses an X.509 certificate is for: its subject
/// alternative names (DNS names, IP addresses) and its subject common name.
///
/// Read from the DER bytes libldap hands over (`LDAP_OPT_X_TLS_PEERCERT`),
/// only to explain a failed certificate check to a person.
struct CertificateNames: Equatable {
    /// DNS names and IP addresses (dotted or colon form) from the subject alternative names.
    var alternativeNames: [String] = []
    /// The subject's common names.
    var commonNames: [String] = []

    /// Every name, alternative names first.
    var all: [String] { alternativeNames + commonNames }

    /// The names in `der`, a DER certificate; empty when it cannot be read.
    init(der: Data) {
        let bytes = [UInt8](der)
        guard let certificate = DERElement.children(of: bytes, in: 0..<bytes.count).first,
              let tbs = DERElement.children(of: bytes, in: certificate.content).first else { return }
        var fields = DERElement.children(of: bytes, in: tbs.content)
        if fields.first?.tag == 0xA0 { fields.removeFirst() }  // explicit version
        if fields.count > 4 { commonNames = Self.commonNames(bytes, subject: fields[4]) }
        if let extensions = fields.first(where: { $0.tag == 0xA3 }) {
            alternativeNames = Self.alternativeNames(bytes, extensions: extensions)
        }
    }

    private static let commonNameOID: [UInt8] = [0x55, 0x04, 0x03]
    private static let subjectAltNameOID: [UInt8] = [0x55, 0x1D, 0x11]

    private static func commonNames(_ bytes: [UInt8], subject: DERElement) -> [String] {
        DERElement.children(of: bytes, in: subject.content).flatMap { set in
            DERElement.children(of: bytes, in: set.content).compactMap { pair -> String? in
                let parts = DERElement.children(of: bytes, in: pair.content)
                guard parts.count == 2, Array(bytes[parts[0].content]) == commonNameOID else { return nil }
                return String(decoding: bytes[parts[1].content], as: UTF8.self)
            }
        }
    }

    private static func alternativeNames(_ bytes: [UInt8], extensions: DERElement) -> [String] {
        guard let list = DERElement.children(of: bytes, in: extensions.content).first else { return [] }
        for item in DERElement.children(of: bytes, in: list.content) {
            let parts = DERElement.children(of: bytes, in: item.content)
            guard let oid = parts.first, Array(bytes[oid.content]) == subjectAltNameOID,
                  let value = parts.last, let names = DERElement.children(of: bytes, in: value.content).first
            else { continue }
            return DERElement.children(of: bytes, in: names.content).compactMap { name in
                switch name.tag {
                case 0x82: String(decoding: bytes[name.content], as: UTF8.self)
                case 0x87: address(Array(bytes[name.content]))
                default: nil
                }
            }
        }
        return []
    }

    private static func address(_ octets: [UInt8]) -> String? {
        switch octets.count {
        case 4: octets.map(String.init).joined(separator: ".")
        case 16: stride(from: 0, to: 16, by: 2).map { String(UInt16(octets[$0]) << 8 | UInt16(octets[$0 + 1]), radix: 16) }
            .joined(separator: ":")
        default: nil
        }
    }
}
