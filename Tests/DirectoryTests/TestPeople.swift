/// LDIF of people under `ou=People,dc=rose-hulman,dc=edu` for the tests.
enum TestPeople {
    /// Named people, with passwords where tests log in.
    static let named = """
        dn: uid=valer,ou=People,dc=rose-hulman,dc=edu
        objectClass: inetOrgPerson
        uid: valer
        cn: Robin Vale
        sn: Vale
        mail: valer@rose-hulman.edu

        dn: uid=brennam,ou=People,dc=rose-hulman,dc=edu
        objectClass: inetOrgPerson
        uid: brennam
        cn: Morgan Brenna
        sn: Brenna

        dn: uid=whitfid,ou=People,dc=rose-hulman,dc=edu
        objectClass: inetOrgPerson
        uid: whitfid
        cn: Dana Whitfield
        sn: Whitfield

        """

    /// An entry that refers elsewhere: searches report it, never follow it.
    static let referral = """

        dn: ou=Elsewhere,dc=rose-hulman,dc=edu
        objectClass: referral
        objectClass: extensibleObject
        ou: Elsewhere
        ref: ldap://directory.example.edu/ou=Elsewhere,dc=example,dc=edu

        """

    /// `count` generated people, `uid=u000001` and on.
    static func numbered(_ count: Int) -> String {
        (1...count).map { index in
            let uid = "u" + String(repeating: "0", count: max(0, 6 - String(index).count)) + String(index)
            return "dn: uid=\(uid),ou=People,dc=rose-hulman,dc=edu\nobjectClass: inetOrgPerson\nuid: \(uid)\ncn: Person \(index)\nsn: \(index)\n"
        }.joined(separator: "\n")
    }
}
