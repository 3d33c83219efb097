package import CareModel

/// The answer to `GET /v1/pull?after=ANCHOR&limit=N`: a page of the participant's rows in server order, read from one
/// snapshot (docs/study-sync.md, "Pull").
package struct PullResponse: Codable, Sendable, Equatable {
    /// The anchor it was read after.
    package var after: Int64
    /// The rows.
    package var rows: [PulledRecord]
    /// The anchor to pull after next.
    package var anchor: Int64

    /// The answer for `page`.
    package init(_ page: PullPage) throws(JSONPlaceError) {
        after = page.after
        anchor = page.anchor
        rows = []
        rows.reserveCapacity(page.rows.count)
        for row in page.rows { rows.append(try PulledRecord(row)) }
    }

    /// The page; a row that does not read is named by its place.
    package func page() throws(JSONPlaceError) -> PullPage {
        var result: [PulledRow] = []
        result.reserveCapacity(rows.count)
        for (index, record) in rows.enumerated() { result.append(try record.row(at: "rows[\(index)]")) }
        return PullPage(after: after, rows: result, anchor: anchor)
    }
}
