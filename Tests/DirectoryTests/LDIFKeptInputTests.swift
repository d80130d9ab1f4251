import Foundation
import Testing
@testable import Directory

/// The inputs kept in `Fuzz/Inputs/ldif/` (FUZZING.md): each once crashed libldap's
/// `ldap_parse_ldif_record`, and now is an error naming its line before libldap sees it.
@Suite struct LDIFKeptInputTests {
    static let inputs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Inputs/ldif")

    @Test("an attribute without a name (': member') is an error naming line 2, not a crash")
    func attributeWithoutName() throws {
        let data = try Data(contentsOf: Self.inputs.appendingPathComponent("crash-54922f18de1b53e86047905b36b8893be98f7eb0"))
        let reader = LDIFReader(contents: String(decoding: data, as: UTF8.self), name: "kept.ldif")
        let error = #expect(throws: DirectoryError.self) { while try reader.next() != nil {} }
        guard case .malformedLDIF("kept.ldif", 2, let detail) = error else {
            Issue.record("expected a malformed line 2, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("not an attribute name"))
    }

    @Test("a lone '-' line, as in 'dn: x' then '-', is an error naming line 2, not a crash")
    func loneHyphen() throws {
        let reader = LDIFReader(contents: "dn: x\n-\n", name: "hyphen.ldif")
        #expect(throws: DirectoryError.malformedLDIF(
            file: "hyphen.ldif", line: 2,
            detail: "a \"-\" line belongs to a changetype: modify record; only entries and changetype: add records can be read")) {
            while try reader.next() != nil {}
        }
    }
}
