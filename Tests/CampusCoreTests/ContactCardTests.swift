import CampusCore
import Foundation
import Testing

@Suite("Contact cards: merge, vCard, mailto")
struct ContactCardTests {
    let registrar = Person(
        username: "valer", name: "Robin  Vale", email: "VALER@rose-hulman.edu", affiliation: .faculty,
        department: "Comp Science and Software Eng")
    let directory = DirectoryPerson(
        username: "valer", dn: "uid=valer,ou=People,dc=rose-hulman,dc=edu", displayName: "Robin Vale",
        givenName: "Robin", familyName: "Vale", email: "valer@rose-hulman.edu", phone: "812-877-8411",
        office: "O204", campusMail: "CM 61", title: "Professor, Theory; Logic", affiliation: .faculty,
        photo: [0xFF, 0xD8, 0x00, 0xFF, 0xD9])

    @Test("the directory wins for contact fields; the registrar keeps what the directory lacks")
    func merge() throws {
        let student = Person(username: "quinna", name: "Alex Quinn", affiliation: .student, major: "CS", year: "Y3",
                             advisorUsername: "valer", advisorName: "Robin Vale")
        let entry = DirectoryPerson(username: "quinna", dn: "uid=quinna", displayName: "Alex J. Quinn",
                                    email: "quinna@rose-hulman.edu", affiliation: .student)
        let merged = student.merged(with: entry)
        #expect(merged.name == "Alex J. Quinn")
        #expect(merged.email == "quinna@rose-hulman.edu")
        #expect(merged.major == "CS")
        #expect(merged.year == "Y3")
        #expect(merged.advisorName == "Robin Vale")
        let card = try #require(ContactCard(registrar: nil, directory: directory))
        #expect(card.person.name == "Robin Vale" && card.person.office == "O204" && card.hasPhoto)
        #expect(ContactCard(registrar: nil, directory: nil) == nil)
    }

    @Test("a vCard 4.0 with escaped text, a tel: URI, folded lines and the photo")
    func vcard() throws {
        let card = try #require(ContactCard(registrar: registrar, directory: directory))
        let text = VCardWriter(organization: "Rose-Hulman Institute of Technology").write(card)
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.first == "BEGIN:VCARD" && lines.dropLast().last == "END:VCARD" && lines.last == "")
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
        #expect(unfolded.contains("VERSION:4.0"))
        #expect(unfolded.contains("FN:Robin Vale"))
        #expect(unfolded.contains("N:Vale;Robin;;;"))
        #expect(unfolded.contains("TITLE:Professor\\, Theory\\; Logic"))
        #expect(unfolded.contains("TEL;VALUE=uri;TYPE=work,voice:tel:+1-812-877-8411"))
        #expect(unfolded.contains("ADR;TYPE=work:CM 61;O204;;;;;"))
        #expect(unfolded.contains("ORG:Rose-Hulman Institute of Technology;Comp Science and Software Eng"))
        let photo = try #require(unfolded.first { $0.hasPrefix("PHOTO:data:image/jpeg;base64,") })
        let bytes = try #require(Data(base64Encoded: String(photo.dropFirst("PHOTO:data:image/jpeg;base64,".count))))
        #expect([UInt8](bytes) == directory.photo)
    }

    @Test("folding never splits a multi-byte character", arguments: [1, 7, 40, 200])
    func folding(length: Int) {
        let name = String(repeating: "Núñez ", count: length)
        let text = VCardWriter(organization: "X").write(ContactCard(person: Person(username: "n", name: name)))
        #expect(text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        #expect(text.replacingOccurrences(of: "\r\n ", with: "").contains("FN:" + name))
    }

    @Test("Base64 through the vCard photo matches Foundation for every length", arguments: 0..<9)
    func base64(length: Int) throws {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 37 + 200) }
        let card = ContactCard(person: Person(username: "p"), photo: bytes)
        let text = VCardWriter(organization: "X").write(card).replacingOccurrences(of: "\r\n ", with: "")
        let line = try #require(text.components(separatedBy: "\r\n").first { $0.hasPrefix("PHOTO:") })
        #expect(line == "PHOTO:data:image/jpeg;base64," + Data(bytes).base64EncodedString())
    }

    @Test("mailto: URIs percent-encode per RFC 6068, and name plain addresses only")
    func mailto() {
        #expect(MailtoURI(to: ["valer@rose-hulman.edu"]).description == "mailto:valer@rose-hulman.edu")
        #expect(MailtoURI(to: ["a@x.edu;spy@evil.example"]).description == "mailto:", "no second recipient by ;")
        let uri = MailtoURI(to: ["a@x.edu", "b+c@x.edu"], subject: "Theory & practice?", body: "line 1\nline 2 100%")
        #expect(uri.description == "mailto:a@x.edu,b+c@x.edu?subject=Theory%20%26%20practice%3F&body=line%201%0D%0Aline%202%20100%25")
        #expect(ContactCard(person: Person(username: "x", email: "x@y.edu")).mailto == "mailto:x@y.edu")
        let copies = MailtoURI(to: [], bcc: ["a+b@x.edu", "zoë@x.edu"], subject: "café\u{7}~")
        #expect(copies.description == "mailto:?bcc=a%2Bb@x.edu&subject=caf%C3%A9%07~", "printable ASCII addresses only")
        // A mail program decodes a bcc list and reads it again: an address holding an escape or a query is left out.
        let hostile = ["k@x.edu?bcc=evil%40attacker.example", "f@x.edu%2Cevil@attacker.example", "w@x.edu\r\nBcc: evil@attacker.example"]
        #expect(MailtoURI(to: [], bcc: ["a@x.edu"] + hostile).description == "mailto:?bcc=a@x.edu")
        for address in hostile {
            #expect(ContactCard(person: Person(username: "x", email: address)).mailto == nil, "\(address.debugDescription)")
            #expect(MailtoURI.single(address) == nil)
        }
    }

    @Test("one plain address is an address; a line break, a second address, an escape, a query, a look-alike or no @ is not")
    func addresses() {
        for good in ["advisor@rose-hulman.edu", "b+c@x.edu", "o'neil@x.edu"] { #expect(MailtoURI.isAddress(good), "\(good)") }
        for bad in ["a@b\r\nBcc: evil@x", "not an address", "a@b,c@d", "@x.edu", "a@", "a@@b", "<a@b>", "a\u{85}@b", "",
                    "a@b?bcc=c%40d", "a%2Cb@c", "a&b@c", "a=b@c", "a#b@c", "a\u{200B}@b", "a\u{202E}@b",
                    "evil\u{2800}\u{2800}@x.edu", "evil\u{FF20}x.edu\u{FF0C}a@b.edu", "a\u{E000}@b", "zoë@x.edu"] {
            #expect(!MailtoURI.isAddress(bad), "\(bad.debugDescription)")
        }
    }
}
