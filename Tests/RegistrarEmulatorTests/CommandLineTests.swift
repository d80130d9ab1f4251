import Foundation
import RegistrarEmulator
import Testing

/// The `registrar-emulator` executable: prints its URL, serves with the password from a file, stops on SIGTERM.
@Suite struct CommandLineTests {
    static let executable = EmulatorClient.demoPages
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/registrar-emulator")

    @Test func servesWithBasicAuthenticationAndStopsGracefullyOnSIGTERM() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emulator-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let passwordFile = folder.appendingPathComponent("password")
        try Data("cli-secret\n".utf8).write(to: passwordFile)

        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["--pages", EmulatorClient.demoPages.path, "--user", "demo", "--password-file", passwordFile.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()

        let line = await Task.detached { Self.firstLine(of: output.fileHandleForReading) }.value
        let address = try #require(line.split(separator: " ").last.map(String.init), "no URL in: \(line)")
        #expect(address.hasPrefix("http://127.0.0.1:") && address.hasSuffix("/regweb-cgi/reg-sched.pl"))
        #expect(!line.contains("cli-secret"))

        let refused = try await Self.status(of: address, credentials: nil)
        let served = try await Self.status(of: address, credentials: ("demo", "cli-secret"))
        process.terminate()
        await Task.detached { process.waitUntilExit() }.value

        #expect(refused == 401)
        #expect(served == 200)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }

    /// Reads `handle` until the first newline (or end of file).
    private static func firstLine(of handle: FileHandle) -> String {
        var bytes = Data()
        while !bytes.contains(UInt8(ascii: "\n")) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            bytes.append(chunk)
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    }

    private static func status(of address: String, credentials: (String, String)?) async throws -> Int {
        let headers = credentials.map { EmulatorClient.basic($0.0, $0.1) } ?? [:]
        let url = address + "?type=Roster&termcode=202630&view=tgrid&id=CSSE474-02"
        return try await EmulatorClient.send(url: url, method: .GET, headers: headers).status
    }
}
