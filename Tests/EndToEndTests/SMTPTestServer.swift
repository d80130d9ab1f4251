import Foundation
import Testing

/// A real SMTP submission server on loopback for the alert tests: aiosmtpd (`Tests/Mail/smtp_server.py`)
/// with STARTTLS and log-in required, under a certificate made for it, keeping every message it
/// accepts as a JSON file. Stop it and start it again on the same port to play a mail server down.
final class SMTPTestServer: @unchecked Sendable {
    static let script = CampusRunner.packageRoot.appendingPathComponent("Tests/Mail/smtp_server.py")
    static let username = "campus-alerts"

    let folder: URL
    let maildir: URL
    let certificate: URL
    let passwordFile: URL
    private(set) var port = 0
    private var process: Process?
    private var input: Pipe?

    /// A server keeping its files under `folder`, started; with `accept`, it stops for good
    /// right after accepting that many messages.
    init(in folder: URL, accept: Int? = nil) throws {
        self.folder = folder
        maildir = folder.appendingPathComponent("mail")
        certificate = folder.appendingPathComponent("cert.pem")
        passwordFile = folder.appendingPathComponent("smtp-password")
        try FileManager.default.createDirectory(at: maildir, withIntermediateDirectories: true)
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", folder.appendingPathComponent("key.pem").path, "-out", certificate.path,
        ]
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        #expect(openssl.terminationStatus == 0, "openssl made the server's certificate")
        try Data("s3cret-\(UUID().uuidString)\n".utf8).write(to: passwordFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: passwordFile.path)
        try start(accept: accept)
    }

    /// Starts the server (on the port it had, once it had one).
    func start(accept: Int? = nil) throws {
        let process = Process()
        process.executableURL = ICSParser.python
        process.arguments = [
            Self.script.path, "--cert", certificate.path, "--key", folder.appendingPathComponent("key.pem").path,
            "--username", Self.username, "--password-file", passwordFile.path, "--maildir", maildir.path, "--port", String(port),
        ] + (accept.map { ["--accept", String($0)] } ?? [])
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard let number = line.split(separator: " ").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            process.terminate()
            throw SMTPTestServerError(detail: "the SMTP server did not start: '\(line)'")
        }
        port = number
        self.process = process
        self.input = input
    }

    /// Stops the server and waits until it is gone.
    func stop() {
        try? input?.fileHandleForWriting.close()
        if let process {
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        process = nil
    }

    /// Waits until a server started with `accept` has stopped of itself.
    func waitUntilStopped() {
        guard let process else { return }
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!process.isRunning, "the SMTP server stopped after its last message")
        try? input?.fileHandleForWriting.close()
        self.process = nil
    }

    /// The messages accepted so far, oldest first.
    func messages() throws -> [Message] {
        try FileManager.default.contentsOfDirectory(atPath: maildir.path).filter { $0.hasSuffix(".json") }.sorted().map { name in
            try JSONDecoder().decode(Message.self, from: Data(contentsOf: maildir.appendingPathComponent(name)))
        }
    }

    /// The `alerts:` settings that send through this server.
    var settings: String {
        """
        alerts:
          from: "Campus Lookup <campus@example.edu>"
          smtp:
            host: 127.0.0.1
            port: \(port)
            starttls: required
            username: \(Self.username)
            password-file: \(passwordFile.path)
            ca-file: \(certificate.path)
        """
    }

    /// One accepted message as the server kept it.
    struct Message: Decodable {
        let mailFrom: String
        let rcptTos: [String]
        let login: String?
        let tls: Bool
        let headers: [[String]]
        let rawHeaders: String
        let subject: String
        let text: String
        let html: String

        /// The first value of header `name`.
        func header(_ name: String) -> String? {
            headers.first { $0.first?.lowercased() == name.lowercased() }?.last
        }
    }
}

struct SMTPTestServerError: Error, CustomStringConvertible {
    let detail: String
    var description: String { detail }
}
