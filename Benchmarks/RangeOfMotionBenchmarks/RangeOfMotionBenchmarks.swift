import Benchmark
import Foundation
import RangeOfMotion
import Synchronization

// Parse + compute of a 10-minute, 100 Hz device-motion recording (60,000 samples, ~30 MB), in Swift and in the
// numpy baseline (numpy_baseline.py) on the same file in the same run. Each benchmark runs in its own process;
// each writes its median to `summary-<name>.json` beside the file. (Benchmarks/run-rom-benchmark.sh compares the
// installed `regimen motion` process with the numpy script instead, with peak memory, at two recording lengths.)

/// Where the generated recording and the summaries go.
let workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("regimen-rom-benchmark")
/// The generated recording.
let recordingURL = workDirectory.appendingPathComponent("deviceMotion-60000.json")
/// The numpy baseline script beside this file.
let numpyScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "numpy_baseline.py")
/// 10 minutes at 100 Hz.
let sampleCount = 60_000

/// Wall-clock time of every iteration, measured here as well so the driver script can compute the ratio.
let timings = Mutex<[Double]>([])
/// The numpy worker of the numpy benchmark's process.
nonisolated(unsafe) var worker: NumpyWorker?

/// Appends one timed iteration.
func record(_ start: ContinuousClock.Instant) {
    let elapsed = start.duration(to: .now)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    timings.withLock { $0.append(seconds) }
}

/// Writes `summary-<name>.json` with the median of the recorded iterations plus `extra`.
func writeSummary(_ name: String, extra: [String: Any] = [:]) {
    let sorted = timings.withLock { $0.sorted() }
    guard !sorted.isEmpty else { return }
    var summary = extra
    summary["medianSeconds"] = sorted[sorted.count / 2]
    summary["iterations"] = sorted.count
    if let data = try? JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys]) {
        try? data.write(to: workDirectory.appendingPathComponent("summary-\(name).json"))
    }
}

/// Parse + compute in Swift, the code path of `regimen motion FILE` (streamed: the samples are never held).
func swiftParseAndMeasure() throws -> RangeOfMotionMeasurement {
    try RangeOfMotionCalculator.benchmarkMeasure(contentsOf: recordingURL)
}

/// Few, long iterations: each one reads and parses ~30 MB.
func configuration() -> Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident], warmupIterations: 2, scalingFactor: .one,
        maxDuration: .seconds(15), maxIterations: 20)
}

nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
    Benchmark(
        "ROM parse+measure 60k samples (Swift)", configuration: configuration(),
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                let start = ContinuousClock.now
                blackHole(try swiftParseAndMeasure())
                record(start)
            }
        },
        setup: {
            let bytes = try RecordingGenerator.write(sampleCount: sampleCount, to: recordingURL)
            print("recording: \(recordingURL.path) (\(sampleCount) samples, \(bytes) bytes)")
        },
        teardown: { writeSummary("swift") })

    Benchmark(
        "ROM parse+measure 60k samples (numpy baseline)", configuration: configuration(),
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                let start = ContinuousClock.now
                blackHole(try worker?.run())
                record(start)
            }
        },
        setup: {
            try RecordingGenerator.write(sampleCount: sampleCount, to: recordingURL)
            let started = try NumpyWorker(script: numpyScript, file: recordingURL)
            worker = started
            // Same numbers? Compare the two implementations once before timing.
            let numpy = try started.run()
            let swift = try swiftParseAndMeasure()
            let pairs: [(String, Double)] = [
                ("start", swift.start), ("finish", swift.finish), ("minimum", swift.minimum),
                ("maximum", swift.maximum), ("range", swift.range),
            ]
            let difference = pairs.map { abs(($0.1) - ((numpy[$0.0] as? Double) ?? .nan)) }.max() ?? .nan
            print("cross-check Swift vs numpy: max |Δ| = \(difference)° over start/finish/minimum/maximum/range")
            timings.withLock { $0.removeAll() }
            crossCheckDifference.withLock { $0 = difference }
        },
        teardown: {
            worker?.stop()
            worker = nil
            writeSummary("numpy", extra: ["maxAbsDifferenceDegrees": crossCheckDifference.withLock { $0 }])
        })
}

/// The largest difference between the Swift and numpy results, for the summary.
let crossCheckDifference = Mutex<Double>(.nan)
