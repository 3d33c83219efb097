// swift-tools-version: 6.1
import PackageDescription

// A study built on Regimen without forking it: its survey, its own extractor, its own executable and tests.
let package = Package(
    name: "PainScoreStudy",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Regimen by path; `name:` lets products be named `package: "Regimen"` whatever the folder is called.
        .package(name: "Regimen", path: "../..")
    ],
    targets: [
        .target(
            name: "PainScoring",
            // OutcomeMapping carries the modules an extractor imports: OutcomeMapping, ResearchTasks and CareModel.
            dependencies: [.product(name: "OutcomeMapping", package: "Regimen")]
        ),
        .executableTarget(
            name: "painstudy",
            dependencies: ["PainScoring", .product(name: "RegimenCommands", package: "Regimen")]
        ),
        .testTarget(
            name: "PainScoringTests",
            dependencies: [
                "PainScoring",
                .product(name: "RegimenTesting", package: "Regimen"),
                .product(name: "OutcomeMapping", package: "Regimen"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
