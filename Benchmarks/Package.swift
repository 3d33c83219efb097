// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so `swift build` and `swift test` of Regimen don't build the benchmark tool.
let package = Package(
    name: "RegimenBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Regimen", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "CareStoreBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "OutcomeMapping", package: "Regimen"),
                .product(name: "RegimenBenchmarking", package: "Regimen"),
            ],
            path: "CareStoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "RangeOfMotionBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "RegimenBenchmarking", package: "Regimen"),
            ],
            path: "RangeOfMotionBenchmarks",
            exclude: ["numpy_baseline.py"],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Seeds the store of the `regimen today` cold-start benchmark (Today/run-today-benchmark.sh); not a benchmark
        // itself. Today/Hello (the reference program) is compiled with swiftc by that script, outside SwiftPM.
        .executableTarget(
            name: "TodayStoreSeeder",
            dependencies: [
                .product(name: "OutcomeMapping", package: "Regimen"), .product(name: "RegimenBenchmarking", package: "Regimen"),
            ],
            path: "Today/Seeder"
        ),
    ],
    swiftLanguageModes: [.v6]
)
