// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so `swift build` and `swift test` of Regimen don't build the benchmark tool.
let package = Package(
    name: "RegimenBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Regimen", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
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
        // Survey expressions at the prompt: surveys answered from lines with and without their expressions.
        .executableTarget(
            name: "SurveyBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "OutcomeMapping", package: "Regimen"),
                .product(name: "RegimenTesting", package: "Regimen"),
            ],
            path: "SurveyBenchmarks",
            exclude: ["surveys"],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Seeds the store of the `regimen today` cold-start benchmark (Today/run-today-benchmark.sh); not a benchmark
        // itself. Today/Hello (the reference program) is compiled with swiftc by that script, outside SwiftPM.
        .executableTarget(
            name: "TodayStoreSeeder",
            dependencies: [
                .product(name: "OutcomeMapping", package: "Regimen"),
                .product(name: "RegimenBenchmarking", package: "Regimen"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Today/Seeder"
        ),
        // The study service benchmark (run-service-benchmark.sh): the load, from a second process on loopback, and the
        // framework's hello route it is compared with.
        .executableTarget(
            name: "ServiceLoad",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "ServiceBenchmarks/ServiceLoad"
        ),
        .executableTarget(
            name: "HelloService",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            path: "ServiceBenchmarks/HelloService"
        ),
    ],
    swiftLanguageModes: [.v6]
)
