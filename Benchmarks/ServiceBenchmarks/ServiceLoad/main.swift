import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

// The load of the study service benchmark (Benchmarks/run-service-benchmark.sh), from a second process on loopback:
// devices that enroll, sync when up to date, and all sync a new day's answer at once; and the same load shape against
// the Hummingbird hello route. Every loop is bounded in count and time. Prints one `key value` line per figure.
//
//   ServiceLoad enroll SERVER CODES-FILE TOKENS-FILE   codes in, "token<TAB>taskVersion" per device out
//   ServiceLoad syncs SERVER TOKENS-FILE DEVICES SECONDS   up-to-date syncs (POST /v1/sync), DEVICES devices
//                                                       each syncing again as soon as it is done (saturation)
//   ServiceLoad once SERVER TOKENS-FILE DEVICES          DEVICES devices each syncing once, all at the same moment
//   ServiceLoad burst SERVER TOKENS-FILE                every device pushes one new answer and pulls, all at once
//   ServiceLoad hello URL CONNECTIONS SECONDS           GET URL by CONNECTIONS at once

let arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first else {
    FileHandle.standardError.write(Data("usage: ServiceLoad enroll|syncs|burst|hello …\n".utf8))
    exit(64)
}

/// A client allowing `connections` connections to the one host.
func client(_ connections: Int) -> HTTPClient {
    var configuration = HTTPClient.Configuration()
    configuration.connectionPool = .init(
        idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: connections)
    configuration.timeout = .init(connect: .seconds(10), read: .seconds(60))
    return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
}

/// One request: status and body.
func exchange(_ http: HTTPClient, _ method: HTTPMethod, _ url: String, token: String? = nil, body: String? = nil)
    async throws -> (Int, Data)
{
    var request = HTTPClientRequest(url: url)
    request.method = method
    if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
    if let body {
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: body))
    }
    let response = try await http.execute(request, deadline: .now() + .seconds(60))
    let bytes = try await response.body.collect(upTo: 64 << 20)
    return (Int(response.status.code), Data(bytes.readableBytesView))
}

/// Percentile `p` (0–100) of sorted `values`.
func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    return values[min(values.count - 1, Int((p / 100 * Double(values.count)).rounded(.up)) - 1)]
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The device's newest anchor and a task version of its participant, from a full pull.
func catchUp(_ http: HTTPClient, _ server: String, _ token: String) async throws -> (anchor: Int, taskVersion: String) {
    var anchor = 0
    var taskVersion = ""
    while true {
        let (status, data) = try await exchange(
            http, .GET, "\(server)/v1/pull?after=\(anchor)&limit=1000", token: token)
        guard status == 200, let page = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let rows = page["rows"] as? [[String: Any]], let next = page["anchor"] as? Int
        else { throw LoadError.unexpected("pull \(status)") }
        for row in rows {
            if let task = row["task"] as? [String: Any], let uuid = task["uuid"] as? String { taskVersion = uuid }
        }
        if rows.isEmpty { return (anchor, taskVersion) }
        anchor = next
    }
}

enum LoadError: Error { case unexpected(String) }

let clock = ContinuousClock()
switch mode {
case "enroll":
    let (server, codesFile, tokensFile) = (arguments[1], arguments[2], arguments[3])
    let codes = try String(contentsOfFile: codesFile, encoding: .utf8).split(separator: "\n").map(String.init)
    let http = client(16)
    var lines: [String] = []
    try await withThrowingTaskGroup(of: String.self) { group in
        var pending = codes.makeIterator()
        func next() {
            guard let code = pending.next() else { return }
            group.addTask {
                let (status, data) = try await exchange(
                    http, .POST, "\(server)/v1/enrollments", body: "{\"code\":\"\(code)\"}")
                guard status == 201, let answer = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                    let token = answer["token"] as? String
                else { throw LoadError.unexpected("enroll \(status) \(String(decoding: data, as: UTF8.self))") }
                let (_, taskVersion) = try await catchUp(http, server, token)
                return "\(token)\t\(taskVersion)"
            }
        }
        for _ in 0..<16 { next() }
        while let line = try await group.next() {
            lines.append(line)
            next()
        }
    }
    try lines.joined(separator: "\n").write(toFile: tokensFile, atomically: true, encoding: .utf8)
    print("enrolled \(lines.count)")
    try await http.shutdown()

case "syncs", "once":
    let (server, tokensFile, devices) = (arguments[1], arguments[2], Int(arguments[3])!)
    let duration = mode == "once" ? 60 : Double(arguments[4])!
    let rounds = mode == "once" ? 1 : 1_000_000
    let tokens = try String(contentsOfFile: tokensFile, encoding: .utf8).split(separator: "\n").prefix(devices)
        .map { String($0.split(separator: "\t")[0]) }
    let http = client(devices)
    // Each device first catches up, untimed; then syncs in a loop until the time is up.
    var anchors: [Int] = []
    for token in tokens { anchors.append(try await catchUp(http, server, token).anchor) }
    let start = clock.now
    let deadline = start + .seconds(duration)
    let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
        for (index, token) in tokens.enumerated() {
            let anchor = anchors[index]
            group.addTask {
                var mine: [Double] = []
                while clock.now < deadline, mine.count < rounds {
                    let begun = clock.now
                    // What `regimen sync` sends when nothing waits: one request that pushes nothing and pulls.
                    let sync =
                        "{\"outboxEnd\":0,\"deviceNow\":\(Date().timeIntervalSinceReferenceDate),\"after\":\(anchor),\"limit\":500}"
                    let (status, data) = try await exchange(http, .POST, "\(server)/v1/sync", token: token, body: sync)
                    guard status == 200, String(decoding: data, as: UTF8.self).contains("\"rows\":[]") else {
                        throw LoadError.unexpected("sync \(status) \(String(decoding: data, as: UTF8.self))")
                    }
                    mine.append(seconds(clock.now - begun))
                }
                return mine
            }
        }
        var all: [Double] = []
        while let some = try await group.next() { all += some }
        return all.sorted()
    }
    let elapsed = seconds(clock.now - start)
    if mode == "once" { print(String(format: "all_done_ms %.1f", elapsed * 1000)) }
    print(String(format: "syncs %d", latencies.count))
    print(String(format: "syncs_per_second %.0f", Double(latencies.count) / elapsed))
    print(String(format: "p50_ms %.1f", percentile(latencies, 50) * 1000))
    print(String(format: "p99_ms %.1f", percentile(latencies, 99) * 1000))
    try await http.shutdown()

case "burst":
    let (server, tokensFile) = (arguments[1], arguments[2])
    let devices = try String(contentsOfFile: tokensFile, encoding: .utf8).split(separator: "\n").map { line in
        let parts = line.split(separator: "\t").map(String.init)
        return (token: parts[0], taskVersion: parts[1])
    }
    let http = client(devices.count)
    let now = Date().timeIntervalSinceReferenceDate
    let start = clock.now
    let latencies = try await withThrowingTaskGroup(of: Double.self) { group in
        for device in devices {
            group.addTask {
                let begun = clock.now
                let day = (now / 86_400).rounded(.down) * 86_400
                let values =
                    "[{\"type\":\"integer\",\"value\":4,\"kind\":\"checkin.form.pain\",\"createdDate\":\(now)},"
                    + "{\"type\":\"integer\",\"value\":7,\"kind\":\"checkin.form.sleep\",\"createdDate\":\(now)}]"
                let outcome =
                    "{\"uuid\":\"\(UUID().uuidString)\",\"id\":\"\(UUID().uuidString)\",\"taskVersion\":\"\(device.taskVersion)\","
                    + "\"occurrence\":1,\"values\":\(values),\"createdDate\":\(now),\"eventStart\":\(day),\"eventEnd\":\(day + 86_399),"
                    + "\"taskRunUUID\":\"\(UUID().uuidString)\",\"syncID\":\"\(UUID().uuidString)\",\"syncVersion\":1,\"runEndDate\":\(now)}"
                let push =
                    "{\"outboxEnd\":1,\"deviceNow\":\(now),\"changes\":[{\"localSeq\":1,\"kind\":\"version\",\"outcome\":\(outcome)}]}"
                let (pushed, body) = try await exchange(
                    http, .POST, "\(server)/v1/push", token: device.token, body: push)
                guard pushed == 200 else {
                    throw LoadError.unexpected("push \(pushed) \(String(decoding: body, as: UTF8.self))")
                }
                _ = try await catchUp(http, server, device.token)
                return seconds(clock.now - begun)
            }
        }
        var all: [Double] = []
        while let one = try await group.next() { all.append(one) }
        return all.sorted()
    }
    print(String(format: "devices %d", latencies.count))
    print(String(format: "all_done_s %.2f", seconds(clock.now - start)))
    print(String(format: "p99_ms %.1f", percentile(latencies, 99) * 1000))
    try await http.shutdown()

case "hello":
    let (url, connections, duration) = (arguments[1], Int(arguments[2])!, Double(arguments[3])!)
    let http = client(connections)
    let start = clock.now
    let deadline = start + .seconds(duration)
    let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
        for _ in 0..<connections {
            group.addTask {
                var mine: [Double] = []
                while clock.now < deadline, mine.count < 10_000_000 {
                    let begun = clock.now
                    let (status, _) = try await exchange(http, .GET, url)
                    guard status == 200 else { throw LoadError.unexpected("hello \(status)") }
                    mine.append(seconds(clock.now - begun))
                }
                return mine
            }
        }
        var all: [Double] = []
        while let some = try await group.next() { all += some }
        return all.sorted()
    }
    let elapsed = seconds(clock.now - start)
    print(String(format: "requests_per_second %.0f", Double(latencies.count) / elapsed))
    print(String(format: "p99_ms %.1f", percentile(latencies, 99) * 1000))
    try await http.shutdown()

default:
    FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
    exit(64)
}
