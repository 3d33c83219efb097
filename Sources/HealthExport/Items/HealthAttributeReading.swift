import HealthData
import RegimenFoundation

/// Typed reading of one start tag's attributes for the item builder, every failure a `HealthExportError` naming the
/// file, line, element and attribute (docs/health-export.md, "Reading errors").
struct HealthAttributeReading {
    /// The file named in errors.
    let file: String

    /// Attribute `index`'s text, references decoded.
    func text(_ tag: XMLStartTag, _ index: Int) throws(HealthReadStop) -> String {
        do { return try tag.value(index) } catch { throw .export(.malformedXML(file: file, error)) }
    }

    /// Attribute `index`'s text through `cache`.
    func text(_ tag: XMLStartTag, _ index: Int, _ key: HealthAttributeKey, _ cache: inout HealthStringCache)
        throws(HealthReadStop) -> String
    {
        do { return try cache.value(tag, index, key: key) } catch { throw .export(.malformedXML(file: file, error)) }
    }

    /// Attribute `index` as a Health date.
    func date(_ tag: XMLStartTag, _ index: Int) throws(HealthReadStop) -> HealthDate {
        if let date = HealthDateText.read(tag.rawValue(index).buffer) { return date }
        throw .export(
            .badDate(
                file: file, line: tag.line, element: tag.name.string, attribute: tag.attributeName(index).string,
                text: tag.rawValue(index).string))
    }

    /// Attribute `index` as a number.
    func number(_ tag: XMLStartTag, _ index: Int) throws(HealthReadStop) -> Double {
        if let number = HealthNumberReading.read(tag.rawValue(index).buffer) { return number }
        throw .export(
            .badNumber(
                file: file, line: tag.line, element: tag.name.string, attribute: tag.attributeName(index).string,
                text: tag.rawValue(index).string))
    }

    /// Attribute `index` kept as written.
    func attribute(_ tag: XMLStartTag, _ index: Int) throws(HealthReadStop) -> HealthAttribute {
        HealthAttribute(name: tag.attributeName(index).string, value: try text(tag, index))
    }

    /// Every attribute kept as written.
    func attributes(_ tag: XMLStartTag) throws(HealthReadStop) -> [HealthAttribute] {
        var attributes: [HealthAttribute] = []
        attributes.reserveCapacity(tag.attributeCount)
        for index in 0..<tag.attributeCount { attributes.append(try attribute(tag, index)) }
        return attributes
    }

    /// The error for a required attribute that is absent.
    func missing(_ tag: XMLStartTag, _ attribute: String) -> HealthReadStop {
        .export(.missingAttribute(file: file, line: tag.line, element: tag.name.string, attribute: attribute))
    }
}
