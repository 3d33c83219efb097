/// Loads and validates the `surveys/` folder. (Being built.)
public enum CatalogPlaceholder {}
