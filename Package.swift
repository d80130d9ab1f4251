// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "campus-lookup",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "campus", targets: ["campus"]),
        .library(name: "CampusLookup", targets: ["CampusLookup"]),
        // What the fuzz targets in Fuzz/ (a package of their own) reach below CampusLookup.
        .library(name: "CampusCore", targets: ["CampusCore"]),
        .library(name: "Registrar", targets: ["Registrar"]),
        .library(name: "Directory", targets: ["Directory"]),
        .library(name: "SignIn", targets: ["SignIn"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.100.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", exact: "2.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio", exact: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // The reference the web app's own renderer (TemplateLibrary) is tested against.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        .package(url: "https://github.com/apple/swift-configuration", exact: "1.4.0", traits: []),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        .package(url: "https://github.com/vapor/jwt-kit", exact: "5.8.0"),
    ],
    targets: [
        // Values, meeting and time maths, rendering. Pure Swift, no I/O.
        .target(name: "CampusCore"),

        // The only C: system libraries reached through pkg-config.
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CLDAP", pkgConfig: "ldap",
            providers: [.apt(["libldap2-dev"])]),
        .systemLibrary(
            name: "CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),

        // XML signatures and encryption for SAML, by xmlsec1 over OpenSSL (Debian's libxmlsec1-dev).
        // Its headers need its build options and include paths, which pkg-config would give as flags
        // SwiftPM refuses for a system library; they stay inside this one C file.
        .target(
            name: "CXMLSec",
            cSettings: [.unsafeFlags(["-I/usr/include/xmlsec1", "-I/usr/include/libxml2"])],
            linkerSettings: [.linkedLibrary("xmlsec1-openssl"), .linkedLibrary("xmlsec1"), .linkedLibrary("xml2")]),

        // Reading, fetching and crawling the registrar's pages.
        .target(
            name: "Registrar",
            dependencies: [
                "CampusCore", "CLibXML2",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
            ]),

        // The campus directory: an LDAP client over libldap, profiles, LDIF.
        .target(
            name: "Directory",
            dependencies: [
                "CampusCore", "CLDAP",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
            ]),

        // Sending mail: messages (RFC 5322, MIME), SMTP submission over libcurl, sendmail.
        .target(
            name: "Mail",
            dependencies: ["CCurl"]),

        // The campus's single sign-on: a SAML 2.0 service provider (xmlsec1 checks the signatures),
        // an OpenID Connect relying party (jwt-kit checks the tokens) and a CAS client.
        .target(
            name: "SignIn",
            dependencies: [
                "CXMLSec", "CLibXML2", "CZlib",
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ]),

        // The SQLite index.
        .target(
            name: "CampusIndex",
            dependencies: [
                "CampusCore", "CZlib",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]),

        // Use cases shared by every front end.
        // The user-state store in PostgreSQL, for several servers: beside CampusIndex's SQLite store.
        .target(
            name: "UserStatePostgres",
            dependencies: [
                "CampusCore", "CampusIndex",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]),
        .target(
            name: "CampusLookup",
            dependencies: [
                "CampusCore", "Registrar", "Directory", "CampusIndex", "UserStatePostgres", "Mail", "SignIn",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Configuration", package: "swift-configuration"),
            ]),

        // campus serve: the JSON API and the web app over CampusLookup.
        .target(
            name: "CampusServer",
            dependencies: [
                "CampusLookup", "CampusCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            // The web app's templates and assets, built into the binary: nothing to install beside it.
            resources: [.embedInCode("Web/Templates"), .embedInCode("Web/Assets")]),

        // The deterministic demo campus, rendered in reg-sched.pl markup.
        .target(
            name: "DemoCampus",
            dependencies: ["CampusCore", .product(name: "Crypto", package: "swift-crypto")]),

        // A reg-sched.pl look-alike serving saved pages over HTTP (tests, demos).
        .target(
            name: "RegistrarEmulator",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        // A throwaway slapd on loopback, started through scripts/slapd (tests, benchmarks).
        .target(
            name: "SlapdHarness",
            dependencies: [
                "CZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        .executableTarget(
            name: "campus",
            dependencies: [
                "CampusLookup", "CampusCore", "CampusServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "campus-fixtures",
            dependencies: [
                "CampusCore", "DemoCampus", "Registrar",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "registrar-emulator",
            dependencies: [
                "RegistrarEmulator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "campus-bench",
            dependencies: [
                "CampusLookup", "DemoCampus", "Registrar", "Directory", "SlapdHarness",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]),
        // The whole-process benchmarks' reference: a Foundation hello-world built like campus.
        .executableTarget(name: "hello-foundation", path: "Benchmarks/HelloFoundation"),

        .testTarget(name: "CampusCoreTests", dependencies: ["CampusCore"]),
        .testTarget(
            name: "SignInTests",
            dependencies: [
                "SignIn", "SlapdHarness",
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .testTarget(name: "RegistrarTests", dependencies: ["Registrar", "CampusCore", "DemoCampus", "RegistrarEmulator"]),
        .testTarget(name: "DirectoryTests", dependencies: ["Directory", "CampusCore", "DemoCampus", "SlapdHarness"]),
        .testTarget(
            name: "CampusIndexTests",
            dependencies: ["CampusIndex", "CampusCore", .product(name: "GRDB", package: "GRDB.swift")]),
        // One set of tests for both user-state stores: SQLite, and PostgreSQL on a real server.
        .testTarget(
            name: "UserStateStoreTests",
            dependencies: ["CampusIndex", "CampusCore", "UserStatePostgres", "SlapdHarness"]),
        .testTarget(
            name: "CampusLookupTests",
            dependencies: [
                "CampusLookup", "CampusCore", "CampusIndex", "Registrar", "Directory", "DemoCampus", "RegistrarEmulator",
                "SlapdHarness",
            ],
            exclude: ["Golden"]),
        .testTarget(name: "EndToEndTests", dependencies: ["CampusCore", "SlapdHarness", "DemoCampus"]),
        .testTarget(name: "CampusCLITests", dependencies: ["campus", "CampusLookup", "CampusCore"]),
        .testTarget(name: "DemoCampusTests", dependencies: ["DemoCampus", "CampusCore"]),
        .testTarget(
            name: "CampusServerTests",
            dependencies: [
                "CampusServer", "CampusLookup", "CampusCore", "SlapdHarness",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]),
        .testTarget(
            name: "RegistrarEmulatorTests",
            dependencies: [
                "RegistrarEmulator", "DemoCampus",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
