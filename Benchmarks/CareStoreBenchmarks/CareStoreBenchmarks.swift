import Benchmark
import CareModel
import CareStore
import Foundation

/// 1,000 daily tasks (08:00…, one per minute offset, America/Los_Angeles) whose schedules started five years before
/// the queried day, and the query window of that day.
private struct DailyTasksFixture: Sendable {
    let schedules: [Schedule]
    let dayStart: Date
    let dayEnd: Date

    init() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Los_Angeles") ?? .gmt
        let day = calendar.date(from: DateComponents(year: 2026, month: 11, day: 21)) ?? Date(timeIntervalSince1970: 0)
        let start = calendar.date(byAdding: .year, value: -5, to: day) ?? day
        schedules = try (0..<1_000).map { index in
            try Schedule.dailyAtTime(
                hour: 6 + (index / 60) % 14, minute: index % 60, start: start, end: nil, text: nil, calendar: calendar)
        }
        dayStart = day
        dayEnd = calendar.date(byAdding: .day, value: 1, to: day) ?? day
    }
}

nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
    guard let fixture = try? DailyTasksFixture() else { return }
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(10),
        maxIterations: 1_000)

    Benchmark("events of one day, 1000 daily tasks started 5 years ago (fast path)", configuration: configuration) {
        benchmark in
        for _ in benchmark.scaledIterations {
            var count = 0
            for schedule in fixture.schedules {
                count += schedule.events(from: fixture.dayStart, to: fixture.dayEnd).count
            }
            blackHole(count)
        }
    }

    Benchmark(
        "events of one day, 1000 daily tasks started 5 years ago (stepping reference)",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(20),
            maxIterations: 5)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            var count = 0
            for schedule in fixture.schedules {
                count += schedule.steppingEvents(from: fixture.dayStart, to: fixture.dayEnd).count
            }
            blackHole(count)
        }
    }

    // The same query through the store (SQLite decode of 1,000 task rows included), in-memory store.
    let store = try? CareStore.inMemory()
    if let store {
        for (index, schedule) in fixture.schedules.enumerated() {
            _ = try? store.addTask(
                CareTask(id: "task\(index)", title: "Task \(index)", schedule: schedule), now: fixture.dayStart)
        }
        Benchmark(
            "store.events(from:to:) of one day, 1000 daily tasks started 5 years ago", configuration: configuration
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try store.events(from: fixture.dayStart, to: fixture.dayEnd).count)
            }
        }
    }
}
