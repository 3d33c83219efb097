import Foundation
import GRDB

extension CareStore {
    /// When the participant enrolled (survey schedules start from it), or nil before the first enrollment.
    public func enrollmentDate() throws(CareStoreError) -> Date? {
        try read("read enrollment") { db in
            try Double.fetchOne(db, sql: "SELECT enrollmentDate FROM participant WHERE id = 1")
                .map(Date.init(timeIntervalSinceReferenceDate:))
        }
    }

    /// The enrollment instant, recording `now` as enrollment the first time it is asked for.
    public func enroll(now: Date) throws(CareStoreError) -> Date {
        try write("enroll") { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO participant (id, enrollmentDate) VALUES (1, ?)",
                arguments: [now.timeIntervalSinceReferenceDate]
            )
            let stored = try Double.fetchOne(db, sql: "SELECT enrollmentDate FROM participant WHERE id = 1") ?? now.timeIntervalSinceReferenceDate
            return Date(timeIntervalSinceReferenceDate: stored)
        }
    }
}
