import Foundation
import GRDB
import Synchronization
import Testing

@testable import CareStore

@Suite(
    "Ingest pipe: the deciding thread's reads and writes run in order on the database's thread, and a failure stops both"
)
struct IngestPipeTests {
    /// A database with a table `log(n)` that the jobs write to.
    static func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE log (n INTEGER NOT NULL)") }
        return queue
    }

    /// Runs `decide` on another thread against `pipe`, serving the pipe on this one; returns what `serve` threw and
    /// what `decide` threw.
    static func run(
        _ pipe: IngestPipe, _ db: Database, decide: @escaping @Sendable (IngestPipe) throws -> Void
    ) -> (served: (any Error)?, decided: (any Error)?) {
        let decided = Mutex<(any Error)?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            do { try decide(pipe) } catch { decided.withLock { $0 = error } }
            pipe.finish()
            done.signal()
        }
        var served: (any Error)?
        do { try pipe.serve(db) } catch { served = error }
        done.wait()
        return (served, decided.withLock { $0 })
    }

    struct Refused: Error {}

    @Test("writes run in the order sent, on the serving thread, and a read sees every write sent before it")
    func orderAndReads() throws {
        let queue = try Self.database()
        let counts = Mutex<[Int]>([])
        let offThread = Mutex(0)
        let (served, decided) = try queue.write { db in
            let serving = pthread_self()
            return Self.run(IngestPipe(capacity: 2), db) { pipe in
                #expect(pthread_self() != serving)
                for n in 1...50 {
                    try pipe.send { db in
                        if pthread_self() != serving { offThread.withLock { $0 += 1 } }
                        try db.execute(sql: "INSERT INTO log VALUES (?)", arguments: [n])
                    }
                    if n % 10 == 0 {
                        let count = try pipe.ask { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM log") ?? -1 }
                        counts.withLock { $0.append(count) }
                    }
                }
            }
        }
        #expect(served == nil && decided == nil)
        #expect(offThread.withLock { $0 } == 0)
        #expect(counts.withLock { $0 } == [10, 20, 30, 40, 50])
        let logged = try queue.read { db in try Int.fetchAll(db, sql: "SELECT n FROM log ORDER BY rowid") }
        #expect(logged == Array(1...50))
    }

    @Test(
        "a failed write: no later job runs, the deciding thread's next send or ask throws, serve throws the failure",
        arguments: [false, true])
    func failedWriteStops(askAfter: Bool) throws {
        let queue = try Self.database()
        let (served, decided) = try queue.write { db in
            Self.run(IngestPipe(capacity: 1), db) { pipe in
                try pipe.send { db in try db.execute(sql: "INSERT INTO log VALUES (1)") }
                try pipe.send { _ in throw Refused() }
                // Keeps sending until the failure reaches this thread; none of these may run.
                for n in 2...1_000 {
                    if askAfter {
                        _ = try pipe.ask { db in try db.execute(sql: "INSERT INTO log VALUES (?)", arguments: [n]) }
                    } else {
                        try pipe.send { db in try db.execute(sql: "INSERT INTO log VALUES (?)", arguments: [n]) }
                    }
                }
            }
        }
        #expect(served is Refused)
        #expect((decided as? IngestPipeError) == .stopped)
        let logged = try queue.read { db in try Int.fetchAll(db, sql: "SELECT n FROM log") }
        // At most the jobs already queued when the failure happened were dropped; none ran after it.
        #expect(logged == [1])
    }

    @Test("a read's error goes back to the deciding thread and does not stop the pipe")
    func readErrorReturns() throws {
        let queue = try Self.database()
        let (served, decided) = try queue.write { db in
            Self.run(IngestPipe(), db) { pipe in
                #expect(throws: Refused.self) { try pipe.ask { _ -> Int in throw Refused() } }
                try pipe.send { db in try db.execute(sql: "INSERT INTO log VALUES (7)") }
            }
        }
        #expect(served == nil && decided == nil)
        #expect(try queue.read { db in try Int.fetchAll(db, sql: "SELECT n FROM log") } == [7])
    }

    @Test(
        "the deciding thread waits while `capacity` jobs wait: a send beyond them returns only once the first has run")
    func capacityBounds() throws {
        let queue = try Self.database()
        let sent = Mutex(0)
        let (served, decided) = try queue.write { db in
            let pipe = IngestPipe(capacity: 2)
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                for _ in 1...3 {
                    try? pipe.send { _ in }
                    sent.withLock { $0 += 1 }
                }
                pipe.finish()
                done.signal()
            }
            // Nothing is served yet: two sends return, the third waits.
            let deadline = Date().addingTimeInterval(10)
            while sent.withLock({ $0 }) < 2, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            Thread.sleep(forTimeInterval: 0.2)
            #expect(sent.withLock { $0 } == 2)
            var served: (any Error)?
            do { try pipe.serve(db) } catch { served = error }
            done.wait()
            return (served, nil as (any Error)?)
        }
        #expect(served == nil && decided == nil)
        #expect(sent.withLock { $0 } == 3)
    }
}
