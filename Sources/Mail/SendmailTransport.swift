import Foundation

/// Hands mail to the local `sendmail` program (Postfix's, Exim's or msmtp's): the message on its
/// standard input, the envelope given as arguments after `--`, never read from the headers.
public struct SendmailTransport: MailTransport {
    /// `/usr/sbin/sendmail`.
    public let path: String

    /// Seconds sendmail may take before it is stopped and the message tried again later.
    public let timeout: TimeInterval

    public init(path: String, timeout: TimeInterval = 60) {
        self.path = path
        self.timeout = timeout
        // A sendmail that exits before reading the whole message must fail the send, not end this process.
        signal(SIGPIPE, SIG_IGN)
    }

    public func send(_ message: MailMessage) async throws(MailError) {
        let text = String(decoding: message.rendered, as: UTF8.self).replacing("\r\n", with: "\n")
        try await run(arguments: ["-i", "-f", message.from.address, "--", message.to.address], input: Data(text.utf8))
    }

    public func check() async throws(MailError) {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw MailError(.settings, setting: "alerts.sendmail", detail: "\(path) is not a program this user may run")
        }
    }

    private func run(arguments: [String], input: Data) async throws(MailError) {
        try await check()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let stdin = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        let finished: Result<(Int32, Data), any Error> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Result {
                    try process.run()
                    let watchdog = DispatchWorkItem {
                        guard process.isRunning else { return }
                        process.terminate()
                        DispatchQueue.global().asyncAfter(deadline: .now() + 5) { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
                    }
                    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
                    defer { watchdog.cancel() }
                    // A sendmail that stops reading early tells why by its exit status, read below.
                    try? stdin.fileHandleForWriting.write(contentsOf: input)
                    try? stdin.fileHandleForWriting.close()
                    let said = stderr.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    if process.terminationReason == .uncaughtSignal {
                        return (75, Data("stopped after \(Int(timeout)) seconds".utf8))
                    }
                    return (process.terminationStatus, said)
                })
            }
        }
        switch finished {
        case .failure(let error):
            throw MailError(.settings, setting: "alerts.sendmail", detail: "\(path) could not be run: \(error.localizedDescription)")
        case .success(let (status, said)) where status != 0:
            let line = String(decoding: said, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            // sendmail's exit codes (sysexits.h): 75 is "try again later".
            throw MailError(
                status == 75 ? .unreachable : .refused, setting: "alerts.sendmail",
                detail: "\(path) exited with status \(status)\(line.isEmpty ? "" : ": " + HeaderText.visible(line))")
        case .success:
            return
        }
    }
}
