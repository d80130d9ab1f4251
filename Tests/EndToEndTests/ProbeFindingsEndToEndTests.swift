import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What probing the built `campus` as a demanding user would found wrong once, each kept as a test.
@Suite("campus: found by probing the command line", .serialized)
struct ProbeFindingsEndToEndTests {
    @Test("a search limit past what can be counted is a usage error, not a crash")
    func searchLimit() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.importSamples().status == 0)
        let huge = try campus.run("search", "--limit", "9223372036854775807", "alex", "quinn")
        #expect(huge.status == 2 && huge.error.contains("--limit must be from 1 to 10000"), "\(huge.status) \(huge.error)")
        #expect(try campus.run("search", "--limit", "10000", "alex", "quinn").status == 0)
    }

    @Test("a lookup never turns an empty file into an index; an import of nothing readable leaves the index as it was")
    func emptyFilesStayEmpty() throws {
        var campus = try CampusRunner()
        defer { campus.cleanUp() }
        let empty = campus.home.appendingPathComponent("empty.sqlite").path
        #expect(FileManager.default.createFile(atPath: empty, contents: nil))
        campus.environment["CAMPUS_INDEX"] = empty
        let lookup = try campus.run("search", "quinna")
        #expect(lookup.status == 1 && lookup.error.contains("holds no campus index"), "\(lookup.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: empty)).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: empty + "-wal") && !FileManager.default.fileExists(atPath: empty + ".lock"))

        campus.environment["CAMPUS_INDEX"] = campus.home.appendingPathComponent("index.sqlite").path
        #expect(try campus.importSamples().status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: campus.indexPath))
        let nothing = try campus.run("import", campus.home.appendingPathComponent("missing.html").path)
        #expect(nothing.status == 1 && nothing.output.isEmpty, "no empty table: \(nothing.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: campus.indexPath)) == before)
    }

    @Test("a file that cannot be read is named with why, in words: a folder, a pipe, missing")
    func unreadableFiles() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let fifo = campus.home.appendingPathComponent("pipe.html").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases: [(String, String)] = [
            (campus.home.path, "it is a folder"), (fifo, "not a regular file"),
            (campus.home.appendingPathComponent("gone.html").path, "no such file"),
        ]
        for (path, reason) in cases {
            let page = try campus.run("page", path)
            #expect(page.status == 1 && page.error.contains(reason) && !page.error.contains("NSCocoaErrorDomain"), "\(path): \(page.error)")
        }
        #expect(try campus.importSamples().status == 0)
        let busy = try campus.run("overlay", "quinna", "--busy", campus.home.path)
        #expect(busy.status != 0 && busy.error.contains("it is a folder"), "\(busy.error)")
    }

    @Test("a code of no season the registrar numbers is no term (exit 2), not one to sync")
    func codesOfNoSeason() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.importSamples().status == 0)
        for code in ["202650", "202600", "0", "99999999"] {
            let result = try campus.run("schedule", "valer", "--term", code)
            #expect(result.status == 2 && result.error.contains("'\(code)' is not a term") && !result.error.contains("sync"), "\(code): \(result.error)")
        }
        let known = try campus.run("schedule", "valer", "--term", "202020")
        #expect(known.status == 1 && known.error.contains("sync"), "a term of the scheme the index lacks: \(known.error)")
    }

    @Test("--json is honoured by reparse and email, and a usage error with --json is a problem document too")
    func jsonEverywhere() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.importSamples().status == 0)
        let reparse = try campus.run("reparse", "--json")
        let terms = try #require(try reparse.json() as? [[String: Any]], "\(reparse.output)")
        #expect(!terms.isEmpty && terms.allSatisfy { $0["replaced"] as? Bool == true && $0["pages"] is Int })
        let email = try #require(try campus.run("email", "valer", "--json").json() as? [String: Any])
        #expect(email["username"] as? String == "valer" && (email["mailto"] as? String)?.hasPrefix("mailto:") == true)
        let usage = try campus.run("schedule", "valer", "--term", "spring", "--json")
        #expect(usage.status == 2)
        let problem = try #require(try usage.json() as? [String: Any], "\(usage.output)")
        #expect(problem["type"] as? String == "urn:campus-lookup:problem:usage" && (problem["detail"] as? String)?.contains("not a term") == true)
        #expect(try campus.run("schedule", "valer", "--term", "spring").output.isEmpty, "without --json, nothing on standard output")
    }

    @Test("rooms free: a span from a moment of the week past midnight is refused naming --for")
    func freeRoomsPastMidnight() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.importSamples().status == 0)
        let late = try campus.run("rooms", "free", "--at", "M 23:30", "--for", "1h")
        #expect(late.status == 2 && late.error.contains("runs past midnight") && late.error.contains("--for 30m"), "\(late.error)")
        #expect(try campus.run("rooms", "free", "--at", "M 23:30", "--for", "30m").status == 0)
    }

    @Test("overlay: a week outside the term is refused naming the term's days; '@' alone names no group; meet --rooms 0 lists no rooms")
    func overlaySlips() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.run("sync", "registrar", "--term", "202630").status == 0)
        let old = try campus.run("overlay", "brennam", "paxtonr", "--week", "1999-01-01", "--term", "202630")
        #expect(old.status == 1 && old.error.contains("is not in Spring 2025-2026") && old.error.contains("--week"), "\(old.error)")
        let at = try campus.run("overlay", "brennam", "@", "--term", "202630")
        #expect(at.status == 1 && at.error.contains("'@' names no favorites group") && !at.error.contains("--group"), "\(at.error)")
        let meet = try campus.run("meet", "brennam", "paxtonr", "--rooms", "0", "--term", "202630")
        #expect(meet.status == 0 && !meet.output.contains("ROOMS FREE THEN") && meet.output.contains("both"), "\(meet.output)")
    }

    @Test("an empty argument is a usage error naming what to give, never a lookup of everything or of nothing")
    func emptyArguments() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.importSamples().status == 0)
        for arguments in [["course", ""], ["person", " "], ["schedule", ""], ["roster", ""], ["room", ""], ["page", ""],
                          ["search", "quinn", "--index", ""]] {
            let result = try campus.run(arguments: arguments)
            #expect(result.status == 2 && result.output.isEmpty, "\(arguments): \(result.status) \(result.error)")
        }
        let folder = try campus.run("terms", "--index", campus.home.path)
        #expect(folder.status == 1 && !folder.error.contains("chmod"), "a folder is no index, and no chmod makes it one: \(folder.error)")
    }

    @Test("a section of another term is answered with the term that has it, not with itself as a suggestion")
    func sectionOfAnotherTerm() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.run("sync", "registrar", "--term", "202630", "--term", "202640").status == 0)
        func ids(_ term: String) throws -> Set<String> {
            let course = try #require(try campus.run("course", "C", "--term", term, "--json").json() as? [String: Any])
            return Set((course["sections"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        }
        let summerOnly = try #require(try ids("202640").subtracting(try ids("202630")).sorted().first)
        for command in ["roster", "course"] {
            let result = try campus.run(command, summerOnly, "--term", "202630")
            #expect(result.status == 1 && result.error.contains("the index has it in Summer 2025-2026 (202640)")
                        && result.error.contains("Give --term 202640") && !result.error.contains("Did you mean"), "\(command): \(result.error)")
        }
        let json = try #require(try campus.run("roster", summerOnly, "--term", "202630", "--json").json() as? [String: Any])
        #expect(json["type"] as? String == "urn:campus-lookup:problem:not-in-term" && json["suggestions"] as? [String] == ["202640"])
    }

    @Test("favorites list where this user may not write (and nobody has kept any) lists none rather than failing to make a store")
    func favoritesInAReadOnlyPlace() throws {
        var campus = try CampusRunner()
        defer { campus.cleanUp() }
        let shared = campus.home.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        campus.environment["CAMPUS_INDEX"] = shared.appendingPathComponent("index.sqlite").path
        #expect(try campus.run("sync", "directory", "--ldif", HardeningEndToEndTests.directoryLDIF.path).status == 0)
        let listed = try HardeningEndToEndTests.runAsReader(campus, ["favorites", "list"], folder: shared)
        #expect(listed.status == 0 && !listed.error.contains("NSCocoaErrorDomain"), "\(listed.status) \(listed.error)")
    }

    @Test("a file named by mistake is never quoted back (a profile that is a password file); a password in the registrar's address is refused")
    func secretsStayOut() throws {
        var campus = try CampusRunner()
        defer { campus.cleanUp() }
        let secret = campus.home.appendingPathComponent("colon.pw")
        try Data("Sup3r:Secret: [x\n".utf8).write(to: secret)
        let profile = try campus.run("sync", "directory", "--ldif", HardeningEndToEndTests.directoryLDIF.path, "--profile", secret.path)
        #expect(profile.status != 0 && !profile.error.contains("Sup3r") && profile.error.contains(secret.path), "\(profile.error)")
        let wrongKind = campus.home.appendingPathComponent("people.ldif")
        try Data("dn: uid=x,dc=example\nuserPassword: hunter2-secret\n".utf8).write(to: wrongKind)
        let ldifAsProfile = try campus.run("sync", "directory", "--ldif", HardeningEndToEndTests.directoryLDIF.path, "--profile", wrongKind.path)
        #expect(ldifAsProfile.status != 0 && !ldifAsProfile.error.contains("hunter2"), "\(ldifAsProfile.error)")

        let url = try campus.run("sync", "registrar", "--source", "http://regbot:S3cretRegPw@127.0.0.1:9/", "--term", "202630")
        #expect(url.status != 0 && !(url.output + url.error).contains("S3cretRegPw") && url.error.contains("registrar.password-file"),
                "\(url.error)")

        let folder = campus.home.appendingPathComponent("config/campus")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("config.yaml")
        try Data("registrar:\n  password-file: x\n  oops: [unclosed\n".utf8).write(to: config)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: config.path)
        campus.environment["XDG_CONFIG_HOME"] = campus.home.appendingPathComponent("config").path
        let broken = try campus.run("terms")
        #expect(broken.status != 0 && broken.error.contains(config.path) && !broken.error.contains("[unclosed"), "\(broken.error)")
    }

    @Test("a writer through a symbolic link to the index takes the one lock a writer through its own name holds")
    func oneLockWhateverTheName() throws {
        var campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.run("sync", "directory", "--ldif", HardeningEndToEndTests.directoryLDIF.path).status == 0)
        let holder = open(campus.indexPath + ".lock", O_RDWR)
        #expect(holder >= 0 && flock(holder, LOCK_EX | LOCK_NB) == 0)
        defer { close(holder) }
        let link = campus.home.appendingPathComponent("link.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: campus.indexPath)
        campus.environment["CAMPUS_INDEX"] = link
        let refused = try campus.run("sync", "directory", "--ldif", HardeningEndToEndTests.directoryLDIF.path, "--no-wait")
        #expect(refused.status == 1 && refused.error.contains("is writing the index"), "\(refused.status) \(refused.error)")
        #expect(!FileManager.default.fileExists(atPath: link + ".lock"))
    }

    @Test("import follows symbolic links to pages and folders, names a dangling one, and says so of a folder without pages")
    func importThroughLinks() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        // A folder of links to the reg-sched.pl samples (the samples' own folder also holds other
        // registrars' pages, in folders of their own), reached through a link to the folder.
        let pages = campus.home.appendingPathComponent("reg-sched-samples")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: CampusRunner.samples.path)
        where file.hasSuffix(".html") || file.hasSuffix(".csv") {
            try FileManager.default.createSymbolicLink(
                atPath: pages.appendingPathComponent(file).path, withDestinationPath: CampusRunner.samples.appendingPathComponent(file).path)
        }
        let folderLink = campus.home.appendingPathComponent("samples-link").path
        try FileManager.default.createSymbolicLink(atPath: folderLink, withDestinationPath: pages.path)
        let viaFolder = try campus.run("import", folderLink + "/")
        #expect(viaFolder.status == 0 && viaFolder.output.contains("CSSE220-01.csv"), "\(viaFolder.output) \(viaFolder.error)")
        let fileLink = campus.home.appendingPathComponent("page-link.html").path
        try FileManager.default.createSymbolicLink(atPath: fileLink, withDestinationPath: CampusRunner.samples.appendingPathComponent("sample-student.html").path)
        #expect(try campus.run("import", fileLink).status == 0)
        let dangling = campus.home.appendingPathComponent("gone-link.html").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: campus.home.appendingPathComponent("gone.html").path)
        let broken = try campus.run("page", dangling)
        #expect(broken.status == 1 && broken.error.contains("a link to") && broken.error.contains("does not exist"), "\(broken.error)")
        let empty = campus.home.appendingPathComponent("empty-folder")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let nothing = try campus.run("import", empty.path)
        #expect(nothing.status == 1 && nothing.error.contains("holds no saved pages"), "\(nothing.error)")
    }
}
