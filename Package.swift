// swift-tools-version: 6.1
import PackageDescription

/// swift-system: files and errno (RegimenFoundation/Files and its callers).
let systemPackage: Target.Dependency = .product(name: "SystemPackage", package: "swift-system")

/// scripts/install links SQLite, readline, zlib and the C++ library into the installed `regimen` statically:
/// REGIMEN_STATIC_LIBS names a folder holding only their static archives (libsqlite3.a, libreadline.a, libtinfo.a,
/// libz.a, libstdc++.a), searched before the system's shared ones, which spares every start the dynamic loader's work
/// on five libraries (README, "Benchmarks").
let staticSystemLibraries: [LinkerSetting] =
    Context.environment["REGIMEN_STATIC_LIBS"].map { folder in
        [.unsafeFlags(["-L", folder]), .linkedLibrary("tinfo")]
    } ?? []

let package = Package(
    name: "Regimen",
    defaultLocalization: "en",
    platforms: [.macOS(.v15)],
    // What a study's own package uses (README, "Products"): its extractors, the commands under its own executable
    // name, and the kit for testing its extractors. Everything else is `package` API shared by this package's targets.
    products: [
        .executable(name: "regimen", targets: ["regimen"]),
        // `regimen study …`: `regimen` runs it from beside itself, so only it links the PostgreSQL client.
        .executable(name: "regimen-study", targets: ["regimen-study"]),
        // Writing an extractor: an extractor file imports all three (the protocol and readers, the result tree it
        // reads, the outcome values it returns), so the product carries all three modules.
        .library(name: "OutcomeMapping", targets: ["OutcomeMapping", "ResearchTasks", "CareModel"]),
        // A study's executable: a `RegimenProgram` with its own `RegimenApp(commandName:extractors:)`.
        .library(name: "RegimenCommands", targets: ["RegimenCommands"]),
        // A study's extractor tests: result trees, result fixtures, outcome checks and the study's surveys.
        .library(name: "RegimenTesting", targets: ["RegimenTesting"]),
        // For the Benchmarks package only (a separate package cannot reach `package` API): the store and the
        // range-of-motion math it times. Public there: just the entry points the benchmarks call.
        .library(name: "RegimenBenchmarking", targets: ["CareStore", "RangeOfMotion"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // The study service (docs/study-service.md): HTTP and TLS, its lifecycle, logs and metrics, and its client.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // `swift package generate-documentation`: the DocC catalogs of the product API (OutcomeMapping,
        // RegimenTesting), built by scripts/test.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Articles (docs/articles.md): Markdown and its front matter to HTML.
        .package(url: "https://github.com/JohnSundell/Ink", exact: "0.6.0"),
    ],
    targets: [
        .target(name: "RegimenFoundation", dependencies: ["CLinuxFiles", systemPackage]),
        // Linux file calls Swift's Glibc module does not declare (`sync_file_range`, `cachestat`, `fstatfs`).
        .target(name: "CLinuxFiles"),
        .target(
            name: "ResearchTasks",
            dependencies: [
                "RegimenFoundation", "FHIRPath", systemPackage, .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        // libyaml's event parser, for reading survey files event by event (Catalog's SurveyComposer: aliases refused,
        // depth and size limited). Yams builds its own copy of libyaml as an internal module, which is not its API.
        .systemLibrary(name: "CLibYAML", providers: [.apt(["libyaml-dev"])]),
        // zlib's CRC-32, for checking zip members as they are read (HealthExport): faster than ZIPFoundation's Swift
        // table off Apple platforms.
        .systemLibrary(name: "CZlibChecksum", providers: [.apt(["zlib1g-dev"])]),
        // ReadStat's writers, for `study export --format spss|stata|sas` (docs/analysis-exports.md): linked by
        // StudyCommands, so only `regimen-study` carries it.
        .systemLibrary(name: "CReadStat", providers: [.apt(["libreadstat-dev"])]),
        // Pango on cairo's PDF surface, for the signed copy of a consent (docs/consent.md): linked by ConsentPDF, which
        // only `regimen-study` links, so the daily `regimen` does not load it.
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        // The signed consent copy as a PDF (docs/consent.md, "The signed copy").
        .target(name: "ConsentPDF", dependencies: ["CPangoCairo"]),
        // SQLite's process-wide settings (`sqlite3_config` is variadic, so C calls it for Swift); links the SQLite
        // that GRDB links.
        .target(name: "CSQLiteSettings", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(name: "CareModel", dependencies: ["RegimenFoundation"]),
        // The expression language (docs/expressions.md): a subset of FHIRPath N1 parsed once and evaluated over a FHIR
        // resource tree such as the answers so far; no store, no survey model.
        .target(name: "FHIRPath", dependencies: ["RegimenFoundation"]),
        // Apple Health exports (docs/health-export.md): the samples, workouts and correlations an export holds, and
        // the days, nights and merged totals computed from them; no file reading, no store.
        .target(name: "HealthData", dependencies: ["RegimenFoundation"]),
        // Reading an Apple Health export (docs/health-export.md, "Reading an export"): export.zip or export.xml,
        // streamed item by item through RegimenFoundation's XML tokenizer; route GPX files read from the zip.
        .target(
            name: "HealthExport",
            dependencies: [
                "HealthData", "RegimenFoundation", "CZlibChecksum", systemPackage,
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        .target(
            name: "CareStore",
            dependencies: [
                "RegimenFoundation", "CareModel", "HealthData", "CSQLiteSettings", systemPackage,
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(name: "RangeOfMotion", dependencies: ["RegimenFoundation", "ResearchTasks", systemPackage]),
        .target(name: "OutcomeMapping", dependencies: ["ResearchTasks", "CareModel", "FHIRPath"]),
        // Articles shipped with a study (docs/articles.md): Markdown (by Ink) or HTML, checked, and drawn as
        // terminal text; no store, no survey model.
        .target(
            name: "Articles",
            dependencies: ["RegimenFoundation", .product(name: "Ink", package: "Ink")]
        ),
        .target(
            name: "Catalog",
            dependencies: [
                "RegimenFoundation", "ResearchTasks", "CareModel", "OutcomeMapping", "FHIRPath", "Yams", "CLibYAML",
                "Articles", systemPackage,
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // Surveys links to the repository's surveys/ folder: its files are the built-in surveys. The standard
            // instruments under surveys/instruments/ (docs/instruments/README.md) are not: `.process` would flatten
            // them, and their test vectors (JSON), into the built-in folder.
            exclude: ["Surveys/instruments"],
            resources: [.process("Surveys")]
        ),
        // FHIR R4 interchange (docs/fhir-import.md): Questionnaire import and resource export, without the store.
        .target(
            name: "FHIRInterchange",
            dependencies: ["Catalog", "ResearchTasks", "CareModel", "OutcomeMapping", "RegimenFoundation", "Yams"]
        ),
        .target(
            name: "StudyDatabase",
            dependencies: [
                "RegimenFoundation", "CareModel", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // The study service's API v1 (docs/study-service.md): the JSON bodies both ends read and write, without the
        // database or the store.
        .target(name: "StudyAPI", dependencies: ["CareModel"], resources: [.copy("openapi.json")]),
        // `regimen study serve`: the HTTP service in front of the study database.
        .target(
            name: "StudyService",
            dependencies: [
                "StudyAPI", "StudyDatabase", "CareModel",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        // A device's side of the service: enrollment, push, pull and status over HTTPS.
        .target(
            name: "StudyClient",
            dependencies: [
                "StudyAPI", "CareModel",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .target(
            name: "StudySync", dependencies: ["CareModel", "CareStore", "StudyDatabase", "StudyAPI", "StudyClient"]),
        // Regimen's own words in the participant's language (docs/languages.md, "Regimen's own words"): the texts in
        // `<language>.lproj` resources, the plural rules from the ICU Foundation is built on.
        .target(
            name: "ParticipantWords", dependencies: ["RegimenFoundation"], resources: [.process("Resources")],
            linkerSettings: [.linkedLibrary("_FoundationICU")]),
        .target(
            name: "TerminalRunner",
            dependencies: ["RegimenFoundation", "ResearchTasks", "ParticipantWords", "CReadline", systemPackage]),
        .target(
            name: "RegimenCommands",
            dependencies: [
                "RegimenFoundation", "ResearchTasks", "CareModel", "CareStore", "OutcomeMapping", "RangeOfMotion",
                "Catalog", "FHIRInterchange", "HealthData", "HealthExport", "ParticipantWords", "TerminalRunner",
                "Articles", systemPackage,
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "RegimenTesting",
            dependencies: [
                "RegimenFoundation", "ResearchTasks", "OutcomeMapping", "CareModel", "Catalog", "TerminalRunner",
                systemPackage,
            ]
        ),
        // The study database's commands: a target of their own so that a study's executable built on RegimenCommands
        // (Examples/PainScoreStudy) carries no PostgreSQL client unless it asks for one (docs/study-database.md).
        .target(
            name: "StudyCommands",
            dependencies: [
                "RegimenCommands", "StudyDatabase", "StudySync", "StudyAPI", "StudyClient", "StudyService",
                "RegimenFoundation", "CReadStat", "ConsentPDF",
                "CareModel", "CareStore", "ResearchTasks", "OutcomeMapping", "Catalog",
                .product(name: "ArgumentParser", package: "swift-argument-parser"), systemPackage,
                .product(name: "Logging", package: "swift-log"), .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "regimen",
            dependencies: [
                "RegimenCommands", .product(name: "ArgumentParser", package: "swift-argument-parser"), systemPackage,
            ],
            linkerSettings: staticSystemLibraries),
        .executableTarget(
            name: "regimen-study", dependencies: ["RegimenCommands", "StudyCommands"],
            linkerSettings: staticSystemLibraries),
        // Helpers the test targets share (Tests/Support): pinned calendars, the package's paths, temporary folders
        // under one folder per test process removed at exit, and the Python wcwidth package as the oracle of widths.
        .target(name: "TestSupport", dependencies: ["RegimenFoundation"], path: "Tests/Support/TestSupport"),
        // Hand-written cases per construct, hostile inputs, and the same expressions evaluated by fhirpathpy.
        .testTarget(
            name: "FHIRPathTests", dependencies: ["FHIRPath", "RegimenFoundation", "TestSupport"], exclude: ["Scripts"]),
        .testTarget(name: "RegimenFoundationTests", dependencies: ["RegimenFoundation", "TestSupport", systemPackage]),
        .testTarget(
            name: "HealthExportTests",
            dependencies: [
                "HealthExport", "HealthData", "RegimenFoundation", systemPackage,
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        .testTarget(
            name: "ResearchTasksTests",
            dependencies: ["ResearchTasks", "FHIRPath", "RegimenFoundation", "TestSupport", systemPackage]),
        // Articles: every Markdown construct, long lines, CJK, a 1 MB article, escape sequences that must not pass.
        .testTarget(name: "ArticlesTests", dependencies: ["Articles", "RegimenFoundation"]),
        .testTarget(name: "CareModelTests", dependencies: ["CareModel", "RegimenFoundation", "TestSupport"]),
        // The days-and-nights math, by hand-computed cases and the crafted exports' answers (docs/health-export.md).
        .testTarget(name: "HealthDataTests", dependencies: ["HealthData", "TestSupport"]),
        .testTarget(
            name: "CareStoreTests",
            dependencies: [
                "CareStore", "CareModel", "HealthData", "RegimenFoundation", "TestSupport", systemPackage,
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "RangeOfMotionTests",
            dependencies: ["RangeOfMotion", "ResearchTasks", "RegimenFoundation", systemPackage]
        ),
        .testTarget(
            name: "OutcomeMappingTests",
            dependencies: ["OutcomeMapping", "ResearchTasks", "CareModel", "RegimenTesting"]
        ),
        .testTarget(
            name: "RegimenTestingTests",
            dependencies: ["RegimenTesting", "OutcomeMapping", "ResearchTasks", "CareModel", "Catalog", systemPackage],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "FHIRInterchangeTests",
            dependencies: [
                "FHIRInterchange", "Catalog", "CareModel", "ResearchTasks", "RegimenFoundation", "Yams", systemPackage,
            ]
        ),
        .testTarget(
            name: "CatalogTests",
            dependencies: [
                "Catalog", "Articles", "ResearchTasks", "CareModel", "OutcomeMapping", "RegimenFoundation",
                "TestSupport",
                systemPackage,
            ]),
        .testTarget(
            name: "StudyCommandsTests",
            dependencies: [
                "StudyCommands", "RegimenCommands", "StudyDatabase", "Catalog", "RegimenFoundation", systemPackage,
            ]
        ),
        .testTarget(
            name: "StudyDatabaseTests",
            dependencies: [
                "StudyDatabase", "StudySync", "StudyAPI", "CareModel", "CareStore", "RegimenFoundation", "TestSupport",
                systemPackage, .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(
            name: "TerminalRunnerTests",
            dependencies: ["TerminalRunner", "ParticipantWords", "ResearchTasks", "RegimenFoundation", systemPackage]),
        .testTarget(
            name: "RegimenCommandsTests",
            dependencies: [
                "RegimenCommands", "RegimenFoundation", "ResearchTasks", "CareModel", "CareStore", "Catalog",
                "HealthData",
                "OutcomeMapping", "TestSupport",
                "TerminalRunner", systemPackage, .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "SurveyWalkTests",
            dependencies: [
                "Catalog", "TerminalRunner", "ResearchTasks", "OutcomeMapping", "CareModel", "CareStore", "TestSupport",
                systemPackage,
            ]
        ),
        .testTarget(
            name: "EndToEndTests",
            resources: [.copy("Scripts")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Swift 6 with the upcoming features every target follows: `any` written for existentials, members visible only
// from modules a file imports, and imports internal unless a file says `public import` or `package import`
// (docs/package-layout.md, "Language mode").
let cTargets: Set<String> = ["CLinuxFiles", "CSQLiteSettings"]
for target in package.targets where target.type != .system && !cTargets.contains(target.name) {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
