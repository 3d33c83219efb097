import Benchmark
import Foundation
import OutcomeMapping
import RegimenTesting

/// Survey expressions at the prompt (issue 44, docs/performance.md "Survey expressions"): each survey of `surveys/`
/// answered from lines through the runner a pipe drives (`StudySurveys.answer`), with its expressions and, side by
/// side, the same survey without them. The cost of the expressions per answer is the difference of the two divided by
/// the answers typed; the goal is at most 50 µs. The check-in pair runs 10,000 check-ins answered and extracted, with
/// a calculated score and without; the goal is at most 1.1× the run without.
private struct Surveys: Sendable {
    let surveys: StudySurveys
    let checkinScored: any OutcomeExtractor
    let checkinPlain: any OutcomeExtractor

    init() throws {
        surveys = try StudySurveys.load("surveys")
        guard let scored = try surveys.declarativeExtractor(forTask: "checkin-scored"),
            let plain = try surveys.declarativeExtractor(forTask: "checkin-plain")
        else { throw OutcomeTestFailure.notInSurveys(task: "checkin-scored", step: nil) }
        checkinScored = scored
        checkinPlain = plain
    }
}

/// Nine PHQ-9 answers, by choice number.
private let phq9Lines = ["2", "3", "1", "2", "4", "1", "1", "2", "1"]
/// Weight and height.
private let bmiLines = ["72.5", "178"]

nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
    guard let fixture = try? Surveys() else {
        fatalError("cannot load Benchmarks/SurveyBenchmarks/surveys")
    }
    let perRun = Benchmark.Configuration(
        metrics: [.wallClock, .instructions, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(5),
        maxIterations: 2_000)

    for (task, lines) in [
        ("phq9-total", phq9Lines), ("phq9-plain", phq9Lines), ("bmi-calculated", bmiLines), ("bmi-plain", bmiLines),
    ] {
        Benchmark("\(task): one run of \(lines.count) answers", configuration: perRun) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try fixture.surveys.answer(task, lines: lines))
            }
        }
    }

    let checkins = Benchmark.Configuration(
        metrics: [.wallClock, .instructions], timeUnits: .milliseconds, maxDuration: .seconds(30), maxIterations: 5)
    for (task, extractor) in [("checkin-scored", fixture.checkinScored), ("checkin-plain", fixture.checkinPlain)] {
        Benchmark("\(task): 10,000 check-ins answered and extracted", configuration: checkins) { benchmark in
            for _ in benchmark.scaledIterations {
                var values = 0
                for index in 0..<10_000 {
                    let lines = [String(1 + index % 10), String(index % 13)]
                    let result = try fixture.surveys.answer(task, lines: lines)
                    values += try extractor.outcomes(from: result).values.count
                }
                blackHole(values)
            }
        }
    }
}
