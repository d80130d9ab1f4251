/// Writes a contact card as a vCard 4.0 (RFC 6350).
///
/// Lines end in CRLF and are folded at 75 octets without splitting a
/// character; text values are escaped (`\\`, `\,`, `\;`, `\n`). A North
/// American phone number (or one with its country code) becomes a `tel:` URI, anything else stays text.
///
/// ```swift
/// let text = VCardWriter(organization: "Rose-Hulman Institute of Technology").write(card)
/// ```
public struct VCardWriter: Sendable {
    /// The campus, written as the first component of `ORG`.
    public var organization: String

    public init(organization: String) {
        self.organization = organization
    }

    /// The vCard of `card`, photo included when the card carries one.
    public func write(_ card: ContactCard) -> String {
        let person = card.person
        var lines = ["BEGIN:VCARD", "VERSION:4.0", "KIND:individual"]
        lines.append("FN:" + escape(person.name ?? person.username))
        lines.append("N:" + structured([card.familyName ?? "", card.givenName ?? "", "", "", ""]))
        lines.append("UID:urn:campus-lookup:person:" + escape(person.username.lowercased()))
        if let email = person.email, MailtoURI.isAddress(email) { lines.append("EMAIL;TYPE=work:" + escape(email)) }
        if let phone = person.phone { lines.append(telephone(phone)) }
        lines.append("ORG:" + structured([organization] + [person.department].compactMap { $0 }))
        if let title = card.title { lines.append("TITLE:" + escape(title)) }
        if person.affiliation != .unknown { lines.append("CATEGORIES:" + person.affiliation.rawValue) }
        if person.office != nil || person.campusMail != nil {
            lines.append("ADR;TYPE=work:" + structured([person.campusMail ?? "", person.office ?? "", "", "", "", "", ""]))
        }
        if let note = studentNote(person) { lines.append("NOTE:" + escape(note)) }
        if let photo = card.photo { lines.append("PHOTO:data:image/jpeg;base64," + Base64.encode(photo)) }
        lines.append("END:VCARD")
        var text = ""
        for line in lines { ContentLine.appendFolded(line, to: &text) }
        return text
    }

    /// `Major CS/MA, year Y3, advisor Dana Whitfield (whitfid)`, for students.
    private func studentNote(_ person: Person) -> String? {
        var parts: [String] = []
        if let major = person.major { parts.append("Major \(major)") }
        if let year = person.year { parts.append("year \(year)") }
        switch (person.advisorName, person.advisorUsername) {
        case (let name?, let username?): parts.append("advisor \(name) (\(username))")
        case (let name?, nil): parts.append("advisor \(name)")
        case (nil, let username?): parts.append("advisor \(username)")
        case (nil, nil): break
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// `TEL;VALUE=uri;TYPE=work,voice:tel:+1-812-877-8411`, or a text value when not a NANP number.
    private func telephone(_ phone: String) -> String {
        guard let uri = TelURI.of(phone) else { return "TEL;VALUE=text;TYPE=work,voice:" + escape(phone) }
        return "TEL;VALUE=uri;TYPE=work,voice:" + uri
    }

    private func structured(_ components: [String]) -> String {
        components.map(escape).joined(separator: ";")
    }

    private func escape(_ text: String) -> String { ContentLine.escape(text) }
}
