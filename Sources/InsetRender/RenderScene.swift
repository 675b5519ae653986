public import DeviceCatalog
public import InsetEngine

/// The figures of a device the picture draws besides the engine's answer.
public struct DeviceOutline: Hashable, Sendable {
    /// The device's name, for the picture's title.
    public var name: String
    /// iPhone, iPad or Apple TV: the platform the title names.
    public var family: DeviceFamily
    /// The screen's corner radius in points; `nil` where no source gives it (square corners).
    public var cornerRadius: Double?
    /// The kind of sensor housing.
    public var sensorHousing: SensorHousing
    /// The housing's size in the natural (portrait) orientation; `nil` where unknown.
    public var sensorHousingSize: Size?
    /// The housing's distance from the screen's top edge in portrait (0 for a notch).
    public var sensorHousingTop: Double
    /// The portrait top safe-area inset: the fallback band's height where the size is unknown.
    public var portraitTopInset: Double
    /// Whether the device shows a home indicator.
    public var homeIndicator: Bool

    /// Creates an outline from its figures.
    public init(name: String, family: DeviceFamily, cornerRadius: Double?, sensorHousing: SensorHousing, sensorHousingSize: Size?, sensorHousingTop: Double = 0, portraitTopInset: Double = 0, homeIndicator: Bool) {
        self.name = name
        self.family = family
        self.cornerRadius = cornerRadius
        self.sensorHousing = sensorHousing
        self.sensorHousingSize = sensorHousingSize
        self.sensorHousingTop = sensorHousingTop
        self.portraitTopInset = portraitTopInset
        self.homeIndicator = homeIndicator
    }

    /// The outline of a registry device.
    public init(_ profile: DeviceProfile) {
        self.init(
            name: profile.name, family: profile.family, cornerRadius: profile.cornerRadius, sensorHousing: profile.sensorHousing,
            sensorHousingSize: profile.sensorHousingSize, sensorHousingTop: profile.sensorHousingTop ?? 0,
            portraitTopInset: profile.safeArea.portrait?.top ?? 0, homeIndicator: profile.homeIndicator
        )
    }
}

/// Everything one picture shows: the device, its screen and window, and one state of the
/// engine's answer.
public struct RenderScene: Hashable, Sendable {
    /// The registry device; `nil` for a custom screen (drawn as a plain rectangle).
    public var device: DeviceOutline?
    /// The orientation, which places the sensor housing.
    public var orientation: Orientation
    /// The simulated iOS version, for the title.
    public var systemVersion: Double
    /// The screen's size in the orientation, in points: the picture's view box.
    public var screen: Size
    /// The window's frame in screen coordinates (the full screen unless an iPad window says
    /// otherwise); node frames are drawn offset by its origin.
    public var window: Rect
    /// The window's safe area; `nil` in the legacy model (below iOS 11).
    public var windowSafeArea: Insets?
    /// The keyboard on screen, in screen coordinates; `nil` for none.
    public var keyboard: Keyboard?
    /// Every node of the state drawn, depth-first in request order.
    public var nodes: NodeResults

    /// Creates a scene; `window` defaults to the full screen.
    public init(device: DeviceOutline?, orientation: Orientation, systemVersion: Double, screen: Size, window: Rect? = nil, windowSafeArea: Insets?, keyboard: Keyboard? = nil, nodes: NodeResults) {
        self.device = device
        self.orientation = orientation
        self.systemVersion = systemVersion
        self.screen = screen
        self.window = window ?? Rect(x: 0, y: 0, width: screen.width, height: screen.height)
        self.windowSafeArea = windowSafeArea
        self.keyboard = keyboard
        self.nodes = nodes
    }

    /// Whether the window is smaller than the screen (an iPad window).
    var hasSmallerWindow: Bool {
        window != Rect(x: 0, y: 0, width: screen.width, height: screen.height)
    }
}
