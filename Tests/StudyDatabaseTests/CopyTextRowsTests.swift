import Foundation
import Testing

@testable import StudyDatabase

/// The COPY text format (https://www.postgresql.org/docs/current/sql-copy.html, "Text Format") as `CopyTextRows`
/// writes it: escapes, NULL, timestamps in UTC to the microsecond, bytea's doubled backslash, special doubles.
struct CopyTextRowsTests {
    private func text(_ build: (inout CopyTextRows) -> Void) -> String {
        var rows = CopyTextRows()
        build(&rows)
        return String(decoding: rows.bytes, as: UTF8.self)
    }

    @Test func fieldsAreTabSeparatedAndSpecialCharactersEscaped() {
        let line = text { rows in
            rows.text("a\tb\\c\nd\re")
            rows.null()
            rows.text(nil)
            rows.integer(-42)
            rows.boolean(true)
            rows.endRow()
            rows.boolean(false)
            rows.endRow()
        }
        #expect(line == "a\\tb\\\\c\\nd\\re\t\\N\t\\N\t-42\tt\nf\n")
    }

    @Test func timestampsAreUTCToTheMicrosecondOnEitherSideOfTheEpochs() {
        let line = text { rows in
            rows.timestamp(Date(timeIntervalSince1970: 1_700_000_000.123456))
            rows.timestamp(Date(timeIntervalSince1970: -1.5))
            rows.timestamp(Date(timeIntervalSince1970: 946_684_799))
            rows.endRow()
        }
        #expect(line == "2023-11-14T22:13:20.123456Z\t1969-12-31T23:59:58.500000Z\t1999-12-31T23:59:59.000000Z\n")
    }

    @Test func bytesDoublesAndUUIDs() {
        let uuid = UUID(uuidString: "3F2504E0-4F89-41D3-9A0C-0305E82C3301")!
        let line = text { rows in
            rows.binary(Data([0x00, 0xAB, 0x5C]))
            rows.double(0.1)
            rows.double(.infinity)
            rows.double(-.infinity)
            rows.double(.nan)
            rows.uuid(uuid)
            rows.integer(Int.min)
            rows.integer(0)
            rows.integer(1_000_000)
            rows.endRow()
        }
        #expect(
            line == "\\\\x00ab5c\t0.1\tInfinity\t-Infinity\tNaN\t3f2504e0-4f89-41d3-9a0c-0305e82c3301\t"
                + "-9223372036854775808\t0\t1000000\n")
    }
}
