import CampusCore

/// The e-mail telling a person that failed log-ins locked their account: when, from which
/// network, until when, and where to see their log-ins; as plain text and as HTML.
struct LockoutLetter: Equatable {
    let subject: String
    let text: String
    let html: String

    init(_ lockout: LoginLockout, name: String?, failures: Int, devicesURL: String) {
        subject = "Your campus-lookup log-in was locked after \(failures) failed attempts"
        let lines = [
            "Hello \(VisibleText.escaped(name ?? lockout.username)),",
            "",
            "\(failures) log-ins with your username (\(lockout.username)) and a wrong password came from the network "
                + "\(lockout.network); the last at \(Timestamp.text(lockout.at)) (UTC). Log-ins from there are refused "
                + "until \(Timestamp.text(lockout.until)); from anywhere else you log in as usual.",
            "",
            "If that was you, nothing needs doing. If it was not, someone may be guessing your password: "
                + "change it, and tell your campus's help desk.",
            "",
            "Your log-ins and recent lockouts: \(devicesURL)",
        ]
        text = lines.joined(separator: "\n") + "\n"
        html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(AlertLetter.escape(subject))</title></head>
            <body style="font-family: system-ui, sans-serif; line-height: 1.5">
            \(lines.filter { !$0.isEmpty && !$0.hasPrefix("Your log-ins") }.map { "<p>\(AlertLetter.escape($0))</p>" }.joined(separator: "\n"))
            <p><a href="\(AlertLetter.escape(devicesURL))">Your log-ins and recent lockouts</a></p>
            </body></html>
            """
    }
}
