import CPangoCairo
package import Foundation

/// A signed consent copy as a PDF: its plain text laid out by Pango on cairo's PDF surface, A4 pages, with the fonts
/// fontconfig finds (Noto Sans CJK for Japanese and Chinese). The file holds no time but the signature day, so the same
/// copy always makes the same bytes (docs/consent.md, "The signed copy").
package enum ConsentPDF {
    /// Why a PDF could not be made.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        /// cairo's status text.
        package var description: String
    }

    /// The PDF of `text`: `title` in its metadata, `day` (`yyyy-MM-dd`) as its creation and modification date,
    /// `language` (BCP 47) choosing the CJK font variant.
    package static func render(text: String, title: String, day: String, language: String?) throws(Failure) -> [UInt8] {
        let sink = ByteSink()
        let context = Unmanaged.passRetained(sink)
        defer { context.release() }
        let surface = cairo_pdf_surface_create_for_stream(
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().bytes.append(
                    contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, context.toOpaque(), pageWidth, pageHeight)
        defer { cairo_surface_destroy(surface) }
        // cairo writes the time of writing unless told a date: the signature day instead.
        let date = "\(day)T00:00:00Z"
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Regimen")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, date)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, date)
        let cairo = cairo_create(surface)
        defer { cairo_destroy(cairo) }
        let layout = pango_cairo_create_layout(cairo)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_from_string("\(fontFamily(language)) 10")
        defer { pango_font_description_free(font) }
        pango_layout_set_font_description(layout, font)
        pango_layout_set_width(layout, Int32((pageWidth - 2 * margin) * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_text(layout, text, -1)
        if let language {
            pango_context_set_language(pango_layout_get_context(layout), pango_language_from_string(language))
            pango_layout_context_changed(layout)
        }
        drawPages(layout, on: cairo)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Failure(description: String(cString: cairo_status_to_string(status)))
        }
        return sink.bytes
    }

    /// Draws the layout line by line, starting a new page when a line would pass the bottom margin.
    private static func drawPages(_ layout: OpaquePointer?, on cairo: OpaquePointer?) {
        guard let iterator = pango_layout_get_iter(layout) else { return }
        defer { pango_layout_iter_free(iterator) }
        var pageTop = 0.0
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let top = Double(logical.y) / Double(PANGO_SCALE)
            let height = Double(logical.height) / Double(PANGO_SCALE)
            if top + height - pageTop > pageHeight - 2 * margin {
                cairo_show_page(cairo)
                pageTop = top
            }
            let baseline = Double(pango_layout_iter_get_baseline(iterator)) / Double(PANGO_SCALE)
            cairo_move_to(cairo, margin + Double(logical.x) / Double(PANGO_SCALE), margin + baseline - pageTop)
            pango_cairo_show_layout_line(cairo, pango_layout_iter_get_line_readonly(iterator))
        } while pango_layout_iter_next_line(iterator) != 0
        cairo_show_page(cairo)
    }

    /// The Noto font family for the language: the CJK one of its region for Japanese and Chinese, Noto Sans (with
    /// fontconfig's fallback) for the rest.
    private static func fontFamily(_ language: String?) -> String {
        switch language?.lowercased() {
        case let tag? where tag.hasPrefix("ja"): "Noto Sans CJK JP"
        case let tag? where tag.hasPrefix("zh-hant") || tag.hasPrefix("zh-tw"): "Noto Sans CJK TC"
        case let tag? where tag.hasPrefix("zh"): "Noto Sans CJK SC"
        case let tag? where tag.hasPrefix("ko"): "Noto Sans CJK KR"
        default: "Noto Sans"
        }
    }

    /// A4 in points, and the margin on every side.
    private static let pageWidth = 595.0
    private static let pageHeight = 842.0
    private static let margin = 56.0

    /// The bytes cairo writes, collected in memory so that the caller writes the file owner-only.
    private final class ByteSink {
        var bytes: [UInt8] = []
    }
}
