public import Foundation
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
    package func enroll(now: Date) throws(CareStoreError) -> Date {
        try write("enroll") { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO participant (id, enrollmentDate) VALUES (1, ?)",
                arguments: [now.timeIntervalSinceReferenceDate]
            )
            let stored =
                try Double.fetchOne(db, sql: "SELECT enrollmentDate FROM participant WHERE id = 1")
                ?? now.timeIntervalSinceReferenceDate
            return Date(timeIntervalSinceReferenceDate: stored)
        }
    }
}

extension CareStore {
    /// A named setting, e.g. the fingerprint of the survey folder last synced.
    package func setting(_ key: String) throws(CareStoreError) -> String? {
        try read("read setting") { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key])
        }
    }

    /// Sets a named setting.
    package func setSetting(_ key: String, to value: String) throws(CareStoreError) {
        try write("write setting") { db in
            try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", arguments: [key, value])
        }
    }
}
