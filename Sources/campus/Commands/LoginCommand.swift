import ArgumentParser
import CampusLookup
import Foundation

/// `campus login [SERVER]`: a session of your own on your campus's `campus serve`, approved in
/// the browser (or, with `--password-stdin`, by the campus password); kept for the commands
/// that follow in `$XDG_CONFIG_HOME/campus/login.json`, readable by you only.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Log in to your campus's server, to look things up with your own rights.",
        discussion: """
            Prints a code and a web address: open it, sign in as your campus has you sign in, check that the page shows the \
            same code, and approve. The log-in is listed under My devices on the web, where you can end it; campus logout ends it too.
            Examples: campus login https://campus.example.edu
                      printf '%s\\n' "$PASSWORD" | campus login https://campus.example.edu --username quinna --password-stdin
            """)

    @Argument(help: ArgumentHelp("Your campus's server (default: --server, $CAMPUS_SERVER, then the one logged in to last).", valueName: "server"))
    var server: String?

    @Option(name: .customLong("server"), help: ArgumentHelp("The campus server (as SERVER).", valueName: "url"))
    var serverOption: String?

    @Option(help: "Log in with this username and the password read from standard input, instead of in the browser.")
    var username: String?

    @Flag(help: "Read the password from standard input (one line); needs --username.")
    var passwordStdin = false

    @Flag(help: "Do not try to open the browser; only print the address.")
    var noBrowser = false

    func validate() throws {
        if passwordStdin != (username != nil) {
            throw ValidationError("--username and --password-stdin go together: campus login SERVER --username NAME --password-stdin")
        }
    }

    func run() async throws {
        let login = RemoteLogin()
        let given = server ?? serverOption ?? ProcessInfo.processInfo.environment["CAMPUS_SERVER"]
        let client = try running { () throws(CampusError) in try login.server(given) }
        let saved: SavedLogin
        if let username {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                throw CommandFailure(CampusError.invalidParameter(name: "password", detail: "no password on standard input: pipe one line into campus login"))
            }
            saved = try await running { () async throws(CampusError) in try await login.logIn(at: client, username: username, password: line) }
        } else {
            let start = try await running { () async throws(CampusError) in
                try await login.startDeviceLogin(at: client, client: Self.hostName())
            }
            printError("To log in, open \(start.page)")
            printError("(or \(start.pageToTypeIn) and type \(start.userCode)); check that the page shows the code \(start.userCode), then approve.")
            if !noBrowser { Self.openBrowser(start.page) }
            printError("Waiting for your approval…")
            saved = try await running { () async throws(CampusError) in try await login.finishDeviceLogin(start, at: client) }
        }
        print("Logged in to \(saved.server) as \(saved.username).")
    }

    /// This computer's name, as the approval page shows it.
    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Opens `url` in the desktop's browser where there is a desktop; says nothing when it cannot.
    static func openBrowser(_ url: String) {
        let environment = ProcessInfo.processInfo.environment
        guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil else { return }
        let opener = Process()
        opener.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        opener.arguments = ["xdg-open", url]
        opener.standardOutput = FileHandle.nullDevice
        opener.standardError = FileHandle.nullDevice
        try? opener.run()
    }
}

/// `campus logout`: ends the session `campus login` kept, on its server and here.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Log out of your campus's server: the session ends there and is forgotten here.",
        discussion: "Example: campus logout")

    func run() async throws {
        guard let ended = try await running({ () async throws(CampusError) in try await RemoteLogin().logOut() }) else {
            print("Not logged in to any campus server.")
            return
        }
        if ended.endedOnServer {
            print("Logged out of \(ended.login.server); the session is ended and forgotten here.")
        } else {
            print("Forgotten here. \(ended.login.server) could not end the session (it could not be reached, or had ended it already): "
                + "end it under My devices on the web if it is still listed.")
        }
    }
}
