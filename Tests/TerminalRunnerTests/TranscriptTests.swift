import Foundation
import RegimenFoundation
import SystemPackage
import Testing

@testable import ResearchTasks
@testable import TerminalRunner

@Suite("Transcripts: record, write, read, replay")
struct TranscriptTests {
    private let uuid = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
    private let form = [
        Fixtures.question("checkin", item: "pain", form: StepProgress(current: 1, total: 2)),
        Fixtures.question("checkin", item: "sleep", form: StepProgress(current: 2, total: 2)),
        Fixtures.completion(),
    ]
    private var header: TranscriptHeader {
        TranscriptHeader(
            taskIdentifier: "checkin", surveyDigest: "abc123", startDate: Fixtures.start, taskRunUUID: uuid)
    }

    private func recorded(_ lines: [String]) throws -> Transcript {
        let (outcome, _, _) = Fixtures.run(FakeSession(form, taskRunUUID: uuid), lines: lines, recording: header)
        return try #require(try outcome.get().transcript)
    }

    private func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("regimen-\(UUID().uuidString)-\(name)")
    }

    @Test("every typed line is recorded, invalid lines and commands included, with step, item and rising times")
    func recordsEveryLine() throws {
        let transcript = try recorded(["11", "help", "4", "8"])
        #expect(transcript.entries.map(\.text) == ["11", "help", "4", "8"])
        #expect(transcript.entries.map(\.itemIdentifier) == ["pain", "pain", "pain", "sleep"])
        #expect(transcript.entries.allSatisfy { $0.stepIdentifier == "checkin" })
        let times = transcript.entries.map(\.secondsSinceStart)
        #expect(times.first! > 0)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test("the JSON Lines header carries format, version, task, digest, start (fractional seconds) and run UUID")
    func headerLine() throws {
        var transcript = try recorded(["4", "8"])
        transcript.header.startDate = Date(timeIntervalSince1970: 1_800_000_000.25)
        let first = try #require(transcript.jsonLines().split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "regimen-transcript")
        #expect(object["version"] as? Int == 1)
        #expect(object["task"] as? String == "checkin")
        #expect(object["surveyDigest"] as? String == "abc123")
        #expect(object["startDate"] as? String == "2027-01-15T08:00:00.250Z")
        #expect(object["taskRunUUID"] as? String == uuid.uuidString)
        #expect(first.hasPrefix("{\"format\":\"regimen-transcript\""))
        let entry = try #require(transcript.jsonLines().split(separator: "\n").dropFirst().first)
        let entryObject = try #require(try JSONSerialization.jsonObject(with: Data(entry.utf8)) as? [String: Any])
        #expect(entryObject["item"] as? String == "pain")
        #expect(entryObject["text"] as? String == "4")
        #expect(entryObject["t"] is Double || entryObject["t"] is Int)
    }

    @Test("whole-number times (\"t\": 0) read as seconds, not as booleans; true is refused")
    func wholeNumberTimes() throws {
        let header =
            #"{"format":"regimen-transcript","version":1,"task":"t","surveyDigest":"d","startDate":"2026-11-21T08:04:00.000Z","taskRunUUID":"3F2504E0-4F89-41D3-9A0C-0305E82C3301"}"#
        let good =
            header + "\n" + #"{"step":"s","item":null,"text":"4","t":0}"# + "\n"
            + #"{"step":"s","item":"i","text":"5","t":2}"# + "\n"
        guard case .transcript(let transcript) = try RecordedInput.decode(Data(good.utf8), file: "x.jsonl") else {
            Issue.record("expected a transcript")
            return
        }
        #expect(transcript.entries.map(\.secondsSinceStart) == [0, 2])
        let bad = header + "\n" + #"{"step":"s","item":null,"text":"4","t":true}"# + "\n"
        #expect(
            throws: TranscriptError.malformedLine(
                file: "x.jsonl", line: 2, reason: "field \"t\" is missing or not a number of seconds ≥ 0")
        ) {
            try RecordedInput.decode(Data(bad.utf8), file: "x.jsonl")
        }
    }

    @Test("a written transcript is mode 0600 and reads back equal")
    func writeReadRoundTrip() throws {
        var transcript = try recorded(["11", "4", "8"])
        transcript.entries.append(
            TranscriptEntry(
                stepIdentifier: "s", itemIdentifier: nil, text: "quote \" and \\ and ü", secondsSinceStart: 12.5))
        let url = temporaryFile("t.jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        try transcript.write(to: FilePath(url.path))
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let read = try RecordedInput.read(from: FilePath(url.path))
        #expect(read == .transcript(transcript))
        guard case .transcript(let back) = read else { return }
        #expect(back.entries.first?.lineNumber == 2)
    }

    @Test("replaying a transcript reproduces the answers, and two replays give identical results")
    func replayIsDeterministic() throws {
        let transcript = try recorded(["11", "4", "", "8"])
        let input = try RecordedInput.decode(Data(transcript.jsonLines().utf8), file: "t.jsonl")
        func replay() throws -> (TaskResult, FakeSession) {
            let source = try TranscriptLineSource(
                input: input, file: "t.jsonl", taskIdentifier: "checkin", surveyDigest: "abc123")
            #expect(source.digestWarning == nil)
            // The run's own clock is far off: the replay clock must win.
            let (outcome, session, _) = Fixtures.run(
                FakeSession(form, taskRunUUID: uuid), source: source, clock: FixedClock(Date(timeIntervalSince1970: 0)))
            return (try outcome.get().result, session)
        }
        let (first, session) = try replay()
        let (second, _) = try replay()
        #expect(first == second)
        #expect(session.answers == [.scale(.integer(4)), .scale(.integer(8))])
        let sleepEntry = transcript.entries[3]
        #expect(session.submissions[1].date == Fixtures.start.addingTimeInterval(sleepEntry.secondsSinceStart))
        #expect(first.endDate == Fixtures.start.addingTimeInterval(sleepEntry.secondsSinceStart))
    }

    @Test(
        "a transcript against a changed survey fails naming the first prompt that no longer matches, without answer text"
    )
    func mismatchNamesFirstPrompt() throws {
        let transcript = try recorded(["4", "8"])
        var changed = form
        changed[1] = Fixtures.question("checkin", item: "mood", form: StepProgress(current: 2, total: 2))
        let input = RecordedInput.transcript(transcript)
        let source = try TranscriptLineSource(
            input: input, file: "t.jsonl", taskIdentifier: "checkin", surveyDigest: "fff999")
        #expect(source.digestWarning?.contains("different version of survey \"checkin\"") == true)
        let (outcome, _, _) = Fixtures.run(FakeSession(changed), source: source)
        let expected = TranscriptMismatch(
            file: "t.jsonl", line: 3,
            problem: .promptDiffers(
                expectedStep: "checkin", expectedItem: "mood", recordedStep: "checkin", recordedItem: "sleep"),
            surveyChanged: true)
        #expect(throws: RunError.transcriptMismatch(expected)) { try outcome.get() }
        let message = RunError.transcriptMismatch(expected).description
        #expect(message.contains("t.jsonl line 3"))
        #expect(message.contains("step \"checkin\" item \"mood\""))
        #expect(message.contains("item \"sleep\""))
        #expect(!message.contains("8"))
    }

    @Test("recorded lines left when the task finishes are a mismatch")
    func linesAfterFinish() throws {
        var transcript = try recorded(["4", "8"])
        transcript.entries.append(
            TranscriptEntry(stepIdentifier: "extra", itemIdentifier: nil, text: "9", secondsSinceStart: 99))
        let input = try RecordedInput.decode(Data(transcript.jsonLines().utf8), file: "t.jsonl")
        let source = try TranscriptLineSource(
            input: input, file: "t.jsonl", taskIdentifier: "checkin", surveyDigest: nil)
        let (outcome, _, _) = Fixtures.run(FakeSession(form), source: source)
        let expected = TranscriptMismatch(
            file: "t.jsonl", line: 4, problem: .linesAfterFinish(count: 1), surveyChanged: false)
        #expect(throws: RunError.transcriptMismatch(expected)) { try outcome.get() }
    }

    @Test("a transcript ending early reports the waiting step and item")
    func transcriptEndsEarly() throws {
        let transcript = try recorded(["4", "8"])
        let shortened = Transcript(header: transcript.header, entries: Array(transcript.entries.prefix(1)))
        let source = try TranscriptLineSource(
            input: .transcript(shortened), file: "t.jsonl", taskIdentifier: "checkin", surveyDigest: nil)
        let (outcome, _, _) = Fixtures.run(FakeSession(form), source: source)
        #expect(throws: RunError.inputEnded(stepIdentifier: "checkin", itemIdentifier: "sleep")) { try outcome.get() }
    }

    @Test("a transcript for another task is refused")
    func otherTask() throws {
        let transcript = try recorded(["4", "8"])
        #expect(throws: TranscriptError.taskDiffers(file: "t.jsonl", expected: "sleep", recorded: "checkin")) {
            try TranscriptLineSource(
                input: .transcript(transcript), file: "t.jsonl", taskIdentifier: "sleep", surveyDigest: nil)
        }
    }

    @Test("plain text with one answer per line replays too, a last line without newline included")
    func plainText() throws {
        let input = try RecordedInput.decode(Data("11\r\n4\n8".utf8), file: "answers.txt")
        #expect(input == .plainText(["11", "4", "8"]))
        let source = try TranscriptLineSource(
            input: input, file: "answers.txt", taskIdentifier: "checkin", surveyDigest: "x")
        #expect(source.suppliedClock == nil)
        let (outcome, session, _) = Fixtures.run(FakeSession(form), source: source)
        _ = try outcome.get()
        #expect(session.answers == [.scale(.integer(4)), .scale(.integer(8))])
    }

    @Test("malformed lines are reported by file and line, never with their text")
    func malformedLines() throws {
        let head =
            "{\"format\":\"regimen-transcript\",\"version\":1,\"task\":\"checkin\",\"surveyDigest\":\"a\",\"startDate\":\"2027-01-15T08:00:00Z\",\"taskRunUUID\":\"\(uuid.uuidString)\"}\n"
        let secret = "{\"step\":\"s\",\"item\":null,\"text\":\"my secret answer\"}\n"
        #expect(
            throws: TranscriptError.malformedLine(
                file: "t.jsonl", line: 2, reason: "field \"t\" is missing or not a number of seconds ≥ 0")
        ) {
            try RecordedInput.decode(Data((head + secret).utf8), file: "t.jsonl")
        }
        do {
            _ = try RecordedInput.decode(
                Data((head + "{\"step\":\"s\",\"text\":\"my secret answer\",\"t\":\"x\"}\n").utf8), file: "t.jsonl")
            Issue.record("expected an error")
        } catch {
            #expect(!error.description.contains("secret"))
            #expect(error.description.hasPrefix("t.jsonl line 2:"))
        }
        #expect(throws: TranscriptError.unsupportedVersion(file: "t.jsonl", version: 2)) {
            try RecordedInput.decode(
                Data(head.replacingOccurrences(of: "\"version\":1", with: "\"version\":2").utf8), file: "t.jsonl")
        }
        #expect(throws: TranscriptError.unsupportedFormat(file: "t.jsonl", format: "other")) {
            try RecordedInput.decode(Data("{\"format\":\"other\"}\n".utf8), file: "t.jsonl")
        }
    }

    @Test("a missing file is a file error cannotRead(ENOENT), named by path")
    func missingFile() {
        let path = FilePath(temporaryFile("missing.jsonl").path)
        #expect(throws: TranscriptError.file(.cannotRead(path: path, errno: .noSuchFileOrDirectory))) {
            try RecordedInput.read(from: path)
        }
    }

    @Test("recordable start dates keep whole milliseconds, so they survive the header's text form")
    func recordableDate() throws {
        let date = TranscriptHeader.recordableDate(Date(timeIntervalSince1970: 1_800_000_000.123_456))
        let transcript = Transcript(
            header: TranscriptHeader(taskIdentifier: "t", surveyDigest: "d", startDate: date, taskRunUUID: uuid))
        let back = try RecordedInput.decode(Data(transcript.jsonLines().utf8), file: "f")
        guard case .transcript(let read) = back else {
            Issue.record("not a transcript")
            return
        }
        #expect(abs(read.header.startDate.timeIntervalSince(date)) < 1e-6)
        #expect(abs(date.timeIntervalSince1970 - 1_800_000_000.123) < 1e-6)
    }

    @Test("entry lines keep the bytes JSONEncoder gave them: \"/\" as typed, escapes, whole times without \".0\"")
    func entryLineBytes() {
        let lines = [
            TranscriptEntry(
                stepIdentifier: "s/1", itemIdentifier: nil, text: "a/b \" \\ \n\t\u{1}\u{1F} é 😀", secondsSinceStart: 3),
            TranscriptEntry(stepIdentifier: "s", itemIdentifier: "i", text: "", secondsSinceStart: 12.5),
            TranscriptEntry(stepIdentifier: "s", itemIdentifier: "i", text: "4", secondsSinceStart: 1e-7),
            TranscriptEntry(stepIdentifier: "s", itemIdentifier: "i", text: "4", secondsSinceStart: .nan),
        ].map(Transcript.jsonLine)
        #expect(
            lines == [
                #"{"step":"s/1","item":null,"text":"a/b \" \\ \n\t\u0001\u001f é 😀","t":3}"#,
                #"{"step":"s","item":"i","text":"","t":12.5}"#,
                #"{"step":"s","item":"i","text":"4","t":1e-07}"#,
                #"{"step":"s","item":"i","text":"4","t":0}"#,
            ])
    }

    @Test("300 random transcripts: what Transcript writes, Transcript reads back equal")
    func randomRoundTrips() throws {
        var random = SplitMix64(seed: 0x5452_414E)
        let pieces = [
            "4", "help", "/", "\"", "\\", "\n", "\t", "\u{0}", "\u{7F}", "é", "😀", " ", "{", "}", ",", ":", "null",
        ]
        func text() -> String {
            (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
        for round in 0..<300 {
            var transcript = Transcript(
                header: TranscriptHeader(
                    taskIdentifier: "t" + text(), surveyDigest: "d" + text(),
                    startDate: TranscriptHeader.recordableDate(
                        Date(timeIntervalSince1970: Double.random(in: 0...2e9, using: &random))),
                    taskRunUUID: UUID()))
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                transcript.entries.append(
                    TranscriptEntry(
                        stepIdentifier: "s" + text(), itemIdentifier: Bool.random(using: &random) ? nil : text(),
                        text: text(),
                        secondsSinceStart: [0, 3, 12.5, Double.random(in: 0...100_000, using: &random)].randomElement(
                            using: &random)!))
            }
            let read = try RecordedInput.decode(Data(transcript.jsonLines().utf8), file: "f")
            guard case .transcript(let back) = read else {
                Issue.record("round \(round): not a transcript")
                continue
            }
            #expect(back.entries == transcript.entries, "round \(round)")
            #expect(back.header.taskIdentifier == transcript.header.taskIdentifier, "round \(round)")
            #expect(back.header.surveyDigest == transcript.header.surveyDigest, "round \(round)")
            #expect(back.header.taskRunUUID == transcript.header.taskRunUUID, "round \(round)")
            #expect(abs(back.header.startDate.timeIntervalSince(transcript.header.startDate)) < 1e-6, "round \(round)")
        }
    }
}
