// swift-tools-version: 5.4
import PackageDescription

// libFuzzer targets for campus-lookup's readers and parsers (FUZZING.md), built only by scripts/fuzz
// with -sanitize=fuzzer,address into .build-fuzz. Each executable is an LLVMFuzzerTestOneInput and
// no main: libFuzzer brings main. Tools version 5.4 on purpose: from 5.5 SwiftPM renames an
// executable's entry point to MODULE_main and links main to it, which fails without a main (or, for
// a one-file target, quietly makes a main that runs nothing). Swift 6 mode is asked for by flag.

/// A product of campus-lookup, the package one folder up.
func campus(_ product: String) -> Target.Dependency {
    .product(name: product, package: "campus-lookup")
}

/// The fuzz target `fuzz-NAME`: in Swift 6 mode, every file a library file, so none is a main.
func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(
        name: "fuzz-\(name)", dependencies: dependencies,
        swiftSettings: [.unsafeFlags(["-swift-version", "6", "-parse-as-library"])])
}

let package = Package(
    name: "campus-lookup-fuzz",
    dependencies: [.package(name: "campus-lookup", path: "..")],
    targets: [
        // The campus-lookup checkout and its shipped registrar definition.
        .target(name: "FuzzSupport", dependencies: [campus("Registrar")], swiftSettings: [.unsafeFlags(["-swift-version", "6"])]),
        fuzzTarget("pages", ["FuzzSupport", campus("Registrar")]),
        fuzzTarget("meetings", ["FuzzSupport", campus("Registrar"), campus("CampusCore")]),
        fuzzTarget("roster-csv", ["FuzzSupport", campus("Registrar")]),
        fuzzTarget("ldif", [campus("Directory")]),
        fuzzTarget("icalendar", [campus("CampusCore")]),
        fuzzTarget("search", ["FuzzSupport", campus("CampusLookup"), campus("CampusCore")]),
        fuzzTarget("banner8", [campus("Registrar")]),
        fuzzTarget("banner9", [campus("Registrar")]),
        fuzzTarget("enrollment", ["FuzzSupport", campus("Registrar")]),
        fuzzTarget("saml", ["FuzzSupport", campus("SignIn")]),
    ]
)
