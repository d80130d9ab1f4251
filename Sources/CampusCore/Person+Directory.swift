extension Person {
    /// This registrar person with what the directory says of them laid over it.
    ///
    /// The directory wins: its name, e-mail, phone, office, campus mailbox,
    /// department, affiliation, major, class year and advisor replace the
    /// registrar's; the registrar's fields stay where the directory has none
    /// (major, year and advisor usually come from the registrar alone). Both
    /// describe the same username.
    public func merged(with directory: DirectoryPerson) -> Person {
        var merged = self
        merged.name = directory.displayName ?? directory.fullName ?? name
        merged.email = directory.email ?? email
        merged.phone = directory.phone ?? phone
        merged.office = directory.office ?? office
        merged.campusMail = directory.campusMail ?? campusMail
        merged.department = directory.department ?? department
        if directory.affiliation != .unknown { merged.affiliation = directory.affiliation }
        merged.major = directory.major ?? major
        merged.year = directory.classYear ?? year
        merged.advisorUsername = directory.advisorUsername ?? advisorUsername
        if merged.advisorUsername != advisorUsername { merged.advisorName = nil }
        return merged
    }

    /// A person known only to the directory.
    public init(_ directory: DirectoryPerson) {
        self.init(username: directory.username)
        self = merged(with: directory)
    }
}

extension DirectoryPerson {
    /// `givenName familyName`, when both or either are known.
    public var fullName: String? {
        let parts = [givenName, familyName].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
