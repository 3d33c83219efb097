import ArgumentParser
import Benchmark
import Foundation
import RegimenCommands
import Synchronization

// `regimen ingest` of 10,000 check-in result files into an empty store, in process (the whole command: catalog
// load, folder walk, parallel decode + extract, batched transactions), against the Python baseline
// (ingest_baseline.py: json + sqlite3, the same extraction, lookups and inserts) on the same folder in the same run.
// Each benchmark writes its median to `summary-<name>.json`; Benchmarks/run-ingest-benchmark.sh prints both,
// files/s and the ratio.

/// Where the generated files, stores and summaries go.
let workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("regimen-ingest-benchmark")
/// The generated result files.
let resultsFolder = workDirectory.appendingPathComponent("results", isDirectory: true)
/// The store each iteration starts empty.
let storePath = workDirectory.appendingPathComponent("store.sqlite").path
/// The baseline script beside this file.
let baselineScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ingest_baseline.py")
/// The package's shipped surveys.
let surveysFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("surveys").path
/// Files per run.
let fileCount = 10_000

/// Seconds of every timed iteration, per benchmark name ("swift", "python"): each benchmark's median is over its own
/// iterations only, and its setup clears them (a rerun in the same process starts afresh).
let timings = Mutex<[String: [Double]]>([:])

/// Writes `fileCount` daily check-ins (Regimen's pretty serializer JSON, one per day from 2000-01-01) once.
func generateFiles() throws {
    let marker = resultsFolder.appendingPathComponent(".complete-\(fileCount)")
    if FileManager.default.fileExists(atPath: marker.path) { return }
    try? FileManager.default.removeItem(at: resultsFolder)
    try FileManager.default.createDirectory(at: resultsFolder, withIntermediateDirectories: true)
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    let base = Date(timeIntervalSince1970: 946_714_000)  // 2000-01-01T08:06:40Z
    for index in 0..<fileCount {
        let end = formatter.string(from: base.addingTimeInterval(Double(index) * 86_400)).replacingOccurrences(of: "Z", with: "+0000")
        let run = String(format: "3F2504E0-4F89-41D3-9A0C-%012X", index)
        let text = """
            {
              "_class": "ORKTaskResult",
              "endDate": "\(end)",
              "identifier": "checkin",
              "results": [
                {
                  "_class": "ORKStepResult",
                  "endDate": "\(end)",
                  "identifier": "checkin.form",
                  "isPreviousResult": false,
                  "results": [
                    {
                      "_class": "ORKScaleQuestionResult",
                      "endDate": "\(end)",
                      "identifier": "checkin.form.pain",
                      "questionType": 1,
                      "scaleAnswer": \(1 + index % 10),
                      "startDate": "\(end)"
                    },
                    {
                      "_class": "ORKScaleQuestionResult",
                      "endDate": "\(end)",
                      "identifier": "checkin.form.sleep",
                      "questionType": 1,
                      "scaleAnswer": \(index % 13),
                      "startDate": "\(end)"
                    }
                  ],
                  "startDate": "\(end)"
                }
              ],
              "startDate": "\(end)",
              "taskRunUUID": "\(run)"
            }

            """
        try Data(text.utf8).write(to: resultsFolder.appendingPathComponent("checkin-\(index).json"))
    }
    FileManager.default.createFile(atPath: marker.path, contents: Data())
}

/// A benchmark's setup: the work folder and files exist, and the benchmark's earlier timings are gone.
func prepare(_ name: String) throws {
    timings.withLock { $0[name] = [] }
    try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
    try generateFiles()
}

/// Removes the store and its -wal/-shm.
func removeStore() {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: storePath + suffix) }
}

/// Writes `summary-<name>.json` with the median of the recorded iterations.
func writeSummary(_ name: String) {
    let sorted = timings.withLock { ($0[name] ?? []).sorted() }
    guard !sorted.isEmpty else { return }
    let summary: [String: Any] = ["medianSeconds": sorted[sorted.count / 2], "iterations": sorted.count, "files": fileCount]
    if let data = try? JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys]) {
        try? data.write(to: workDirectory.appendingPathComponent("summary-\(name).json"))
    }
}

/// One `regimen ingest FOLDER --store STORE` in this process.
func ingestInProcess() throws {
    var command = try RegimenCommand.parseAsRoot([
        "ingest", resultsFolder.path, "--store", storePath, "--surveys", surveysFolder, "--tz", "UTC",
    ])
    try command.run()
}

/// One baseline run; returns the seconds it reports (start-up and imports excluded).
func baselineRun() throws -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", baselineScript.path, resultsFolder.path, storePath]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let answer = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    guard let seconds = answer?["seconds"] as? Double, answer?["ingested"] as? Int == fileCount else {
        throw CocoaError(.fileReadCorruptFile)
    }
    return seconds
}

func configuration() -> Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident], warmupIterations: 1, scalingFactor: .one,
        maxDuration: .seconds(30), maxIterations: 10)
}

nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
    Benchmark(
        "ingest 10,000 check-in files into an empty store (regimen ingest)", configuration: configuration(),
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                removeStore()
                benchmark.startMeasurement()
                let start = ContinuousClock.now
                try ingestInProcess()
                let elapsed = start.duration(to: .now)
                benchmark.stopMeasurement()
                let seconds = Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
                timings.withLock { $0["swift", default: []].append(seconds) }
            }
        },
        setup: { try prepare("swift") },
        teardown: { writeSummary("swift"); removeStore() })

    Benchmark(
        "ingest 10,000 check-in files into an empty store (Python json + sqlite3 baseline)", configuration: configuration(),
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                removeStore()
                let seconds = try baselineRun()
                timings.withLock { $0["python", default: []].append(seconds) }
            }
        },
        setup: { try prepare("python") },
        teardown: { writeSummary("python"); removeStore() })
}
