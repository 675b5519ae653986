# Generated from openapi.yaml by scripts/python-client models; do not edit.

from __future__ import annotations

from datetime import date
from enum import Enum, IntEnum, StrEnum
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PositiveFloat,
    RootModel,
    confloat,
    conint,
    constr,
)


class Type(StrEnum):
    field_problems_malformed_json = '/problems/malformed-json'
    field_problems_bad_request = '/problems/bad-request'
    field_problems_not_found = '/problems/not-found'
    field_problems_method_not_allowed = '/problems/method-not-allowed'
    field_problems_not_acceptable = '/problems/not-acceptable'
    field_problems_payload_too_large = '/problems/payload-too-large'
    field_problems_unsupported_media_type = '/problems/unsupported-media-type'
    field_problems_invalid_request = '/problems/invalid-request'
    field_problems_not_implemented = '/problems/not-implemented'
    field_problems_draining = '/problems/draining'
    field_problems_overloaded = '/problems/overloaded'


class Status(IntEnum):
    integer_400 = 400
    integer_404 = 404
    integer_405 = 405
    integer_406 = 406
    integer_413 = 413
    integer_415 = 415
    integer_422 = 422
    integer_501 = 501
    integer_503 = 503


class FieldProblem(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    pointer: str = Field(
        ...,
        description='A JSON Pointer (RFC 6901) into the request document, or `/name` for a query parameter.',
        examples=['/root/subviews/0/frame/width'],
    )
    detail: str = Field(
        ...,
        description='For a person: what is wrong and how to put it right. Fixed texts (API.md "Errors"): a value of the wrong JSON type `expected a number, got a string`; `unknown field "devic"; did you mean "device"?`; `"landscape_left" is not one of portrait, portraitUpsideDown, landscapeLeft, landscapeRight; did you mean "landscapeLeft"?`; an unknown device with its nearest ids and `GET /devices lists every id`; a missing field `required`.\n',
        examples=['expected a number, got a string'],
    )
    suggestion: str | None = Field(
        None,
        description='Only where `detail` names the nearest allowed word to an unknown field name, word or device id (equal ignoring case, `-`, `_` and spaces, or within an optimal-string-alignment distance of 2 and a third of the longer word): that word, for tools.\n',
        examples=['device'],
    )


class Health(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    status: Literal['ok']


class Ready(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    status: Literal['ready']


class Orientation(StrEnum):
    portrait = 'portrait'
    portraitUpsideDown = 'portraitUpsideDown'
    landscapeLeft = 'landscapeLeft'
    landscapeRight = 'landscapeRight'


class Edge(StrEnum):
    top = 'top'
    left = 'left'
    bottom = 'bottom'
    right = 'right'


class Behavior(StrEnum):
    automatic = 'automatic'
    scrollableAxes = 'scrollableAxes'
    never = 'never'
    always = 'always'


class SizeClassWord(StrEnum):
    compact = 'compact'
    regular = 'regular'


class Family(StrEnum):
    iphone = 'iphone'
    ipad = 'ipad'
    tv = 'tv'


class SensorHousing(StrEnum):
    none = 'none'
    notch = 'notch'
    dynamicIsland = 'dynamicIsland'


class LayoutDirection(StrEnum):
    leftToRight = 'leftToRight'
    rightToLeft = 'rightToLeft'


class Coordinate(RootModel[confloat(ge=-1000000000.0, le=1000000000.0)]):
    root: confloat(ge=-1000000000.0, le=1000000000.0) = Field(
        ..., description='A finite number within ±1e9 (positions, insets).'
    )


class Length(RootModel[confloat(ge=0.0, le=1000000000.0)]):
    root: confloat(ge=0.0, le=1000000000.0) = Field(
        ..., description='A finite number from 0 to 1e9 (widths, heights).'
    )


class SystemVersion(RootModel[confloat(ge=7.0, lt=28.0)]):
    root: confloat(ge=7.0, lt=28.0) = Field(
        27.1,
        description='The iOS version simulated (`10`, `10.3`, `18`, `26.5`, `27.1`; fractions are valid). Below 11 selects the legacy model; 11 and later the safe-area model; from 26 the Liquid Glass bars (RULES.md V2). Below 7 is 422 ("must be at least 7"), 28 or more ("newer than the latest modelled release, 27", whatever the size of the number) and 19 up to but not including 26 ("there is no iOS 19 to 25: the release after 18 is 26") too (RULES.md V1).\n',
    )


class DesignRequiresCompatibility(RootModel[bool | None]):
    root: bool | None = Field(
        False,
        description="The app sets `UIDesignRequiresCompatibility` and keeps the pre-26 bars (RULES.md V2: S7 and S8 instead of V5–V9; the window's safe area stays the system's). Exists from systemVersion 26: given below 26 (either value) it is 422 at `/designRequiresCompatibility`. Apps built with the iOS 27 SDK cannot opt out, so it describes an app built with the iOS 26 SDK, also on 27.\n",
    )


class Rule(StrEnum):
    S8 = 'S8'
    V3 = 'V3'
    V5 = 'V5'
    V6 = 'V6'
    V7 = 'V7'
    V8 = 'V8'
    V9 = 'V9'
    V11 = 'V11'


class Caveat(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    rule: Rule
    detail: str


class Caveats(RootModel[list[Caveat]]):
    root: list[Caveat] = Field(
        ...,
        description='The rules of RULES.md whose INFERRED or UNSOURCED part the answer used (its steps included), each once, in this order: S8, V3, V5, V6, V7, V8, V9, V11, each with its fixed detail (API.md "POST /layout", `caveats`). Absent when there are none.\n',
        examples=[
            [
                {
                    'rule': 'V5',
                    'detail': 'large-title height on iOS 26 is not sourced; the iOS 18 figure is used',
                }
            ]
        ],
        min_length=1,
    )


class InsetsInput(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    top: confloat(ge=-1000000000.0, le=1000000000.0) | None = 0
    left: confloat(ge=-1000000000.0, le=1000000000.0) | None = 0
    bottom: confloat(ge=-1000000000.0, le=1000000000.0) | None = 0
    right: confloat(ge=-1000000000.0, le=1000000000.0) | None = 0


class NonNegativeInsetsInput(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    top: confloat(ge=0.0, le=1000000000.0) | None = 0
    left: confloat(ge=0.0, le=1000000000.0) | None = 0
    bottom: confloat(ge=0.0, le=1000000000.0) | None = 0
    right: confloat(ge=0.0, le=1000000000.0) | None = 0


class DirectionalInsetsInput(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    top: confloat(ge=-1000000000.0, le=1000000000.0) | None = 0
    leading: confloat(ge=-1000000000.0, le=1000000000.0) | None = 0
    bottom: confloat(ge=-1000000000.0, le=1000000000.0) | None = 0
    trailing: confloat(ge=-1000000000.0, le=1000000000.0) | None = 0


class RectInput(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    x: Coordinate
    y: Coordinate
    width: Length
    height: Length


class SizeInput(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    width: Length
    height: Length


class SizeClassInput(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    horizontal: SizeClassWord | None = None
    vertical: SizeClassWord | None = None


class NavigationBarInput(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    hidden: bool | None = False
    translucent: bool | None = True
    prefersLargeTitles: bool | None = False


class ToolbarInput(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    hidden: bool | None = True
    translucent: bool | None = True


class TabBarInput(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    hidden: bool | None = False
    translucent: bool | None = True


class Insets(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    top: float
    left: float
    bottom: float
    right: float


class DirectionalInsets(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    top: float
    leading: float
    bottom: float
    trailing: float


class Rect(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    x: float
    y: float
    width: confloat(ge=0.0)
    height: confloat(ge=0.0)


class Size(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    width: confloat(ge=0.0)
    height: confloat(ge=0.0)


class Point(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    x: float
    y: float


class SizeClass(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    horizontal: SizeClassWord
    vertical: SizeClassWord


class PlaywrightDescriptor(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    userAgent: str = Field(
        ...,
        description="The one Safari sends on that device and version (iPadOS from 13: the Mac's), from sources; where a version's string is not sourced, derived from the nearest sourced one, and the profile's `notes` say so.\n",
    )
    viewport: Size
    screen: Size
    deviceScaleFactor: float
    isMobile: Literal[True]
    hasTouch: Literal[True]
    defaultBrowserType: Literal['webkit']
    safeAreaInsets: Insets
    insetdId: str = Field(..., description="The device's registry id.")


class ModelIdentifier(RootModel[constr(pattern=r'^[A-Za-z]+[0-9]+,[0-9]+$')]):
    root: constr(pattern=r'^[A-Za-z]+[0-9]+,[0-9]+$') = Field(
        ...,
        description="A hardware model identifier (`uname`'s machine field), letters, digits, a comma, digits.",
        examples=['iPhone16,1'],
    )


class DeviceSummary(BaseModel):
    id: constr(pattern=r'^[a-z0-9]+(-[a-z0-9]+)*$') = Field(..., examples=['iphone-x'])
    name: str = Field(..., examples=['iPhone X'])
    family: Family
    screen: Size = Field(
        ...,
        description='The natural orientation (portrait for iPhone and iPad, landscape 1920×1080 for Apple TV).',
    )
    scale: PositiveFloat
    sensorHousing: SensorHousing
    homeIndicator: bool
    modelIdentifiers: list[ModelIdentifier] = Field(
        ...,
        description='The hardware model identifiers the profile covers; each is listed by one profile only.',
        min_length=1,
    )


class Figure(StrEnum):
    safeAreaInsets_portrait = 'safeAreaInsets.portrait'
    safeAreaInsets_landscape = 'safeAreaInsets.landscape'
    statusBarHeight = 'statusBarHeight'
    cornerRadius = 'cornerRadius'
    sensorHousingSize = 'sensorHousingSize'
    sensorHousingTop = 'sensorHousingTop'


class Alternative(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    figure: Figure
    value: Insets | Size | float = Field(
        ..., description="The figure's own shape (Insets, a number, Size)."
    )
    context: str = Field(
        ..., description='Where the value comes from and why it is not used.'
    )
    sources: list[str] = Field(..., min_length=1)


class Split(StrEnum):
    oneThird = 'oneThird'
    oneHalf = 'oneHalf'
    twoThirds = 'twoThirds'


class SplitViewWindow(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    split: Split
    width: float
    height: float
    sizeClass: SizeClass


class StatusBar(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    hidden: bool
    height: confloat(ge=0.0)


class DeviceBarHeights(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    navigationBar: confloat(ge=0.0)
    largeTitleNavigationBar: confloat(ge=0.0)
    toolbar: confloat(ge=0.0)
    tabBar: confloat(ge=0.0)


class Viewport(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    width: confloat(ge=0.0)
    height: confloat(ge=0.0)
    deviceScaleFactor: PositiveFloat
    isMobile: bool
    hasTouch: bool


class Insets1(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    top: float
    topMax: float
    left: float
    leftMax: float
    bottom: float
    bottomMax: float
    right: float
    rightMax: float


class Params(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    insets: Insets1


class Cdp(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    method: Literal['Emulation.setSafeAreaInsetsOverride']
    params: Params


class Emulation(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    device: str
    orientation: Orientation
    viewport: Viewport = Field(
        ..., description='A Playwright/Puppeteer-style viewport descriptor.'
    )
    cdp: Cdp = Field(..., description='A Chrome DevTools Protocol command.')
    css: str = Field(
        ...,
        description='`:root` custom properties `--safe-area-inset-{top,right,bottom,left}` in px.',
    )


class ShowEnum(StrEnum):
    safeArea = 'safeArea'
    layoutMargins = 'layoutMargins'
    frames = 'frames'
    bars = 'bars'
    labels = 'labels'


class RenderOptions(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    step: conint(ge=0) | None = Field(
        0,
        description="The state drawn, 0 the first layout, n the state after step n; more than the request's steps is 422.",
    )
    show: list[ShowEnum] | None = Field(
        None, description='The layers drawn; default all but `layoutMargins`.'
    )
    scale: confloat(ge=0.25, le=4.0) | None = Field(
        1,
        description="The picture's pixels per point (its `width` and `height`); not the device's scale.",
    )
    node: str | None = Field(
        None,
        description="Draw this node's guides only and write its insets on its edges; an id not in the request is 422.",
    )


class Split1(Enum):
    oneThird = 'oneThird'
    oneHalf = 'oneHalf'
    twoThirds = 'twoThirds'
    NoneType_None = None


class Side(Enum):
    leading = 'leading'
    trailing = 'trailing'
    NoneType_None = None


class WindowInput(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    split: Split1 | None = None
    side: Side | None = None
    frame: RectInput | None = None


class CustomScreen(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    width: Length
    height: Length
    safeAreaInsets: NonNegativeInsetsInput | None = None
    statusBarHeight: confloat(ge=0.0, le=1000000000.0) | None = Field(
        None, description='Default the top inset.'
    )
    sizeClass: SizeClassInput | None = Field(
        None,
        description='Default horizontal regular when the width is at least 768, else compact; vertical compact when the height is under 500, else regular.\n',
    )


class LayoutStep(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    frames: dict[str, Any] | None = Field(
        None,
        description="Node id → new frame. A pinned node's frame replaces its pin; an unknown id, the root, or a view its container places is 422.\n",
    )


class SeparatorInsetReference(StrEnum):
    fromCellEdges = 'fromCellEdges'
    fromAutomaticInsets = 'fromAutomaticInsets'


class NodeKind(StrEnum):
    view = 'view'
    scrollView = 'scrollView'
    tableView = 'tableView'
    collectionView = 'collectionView'
    cell = 'cell'
    sectionHeader = 'sectionHeader'
    sectionFooter = 'sectionFooter'


class TableStyle(StrEnum):
    plain = 'plain'
    grouped = 'grouped'
    insetGrouped = 'insetGrouped'


class SeparatorInsetInput(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    left: confloat(ge=-1000000000.0, le=1000000000.0) | None = None
    right: confloat(ge=-1000000000.0, le=1000000000.0) | None = None


class ContentInsetsReference(StrEnum):
    automatic = 'automatic'
    none = 'none'
    safeArea = 'safeArea'
    layoutMargins = 'layoutMargins'
    readableContent = 'readableContent'


class Type11(StrEnum):
    flow = 'flow'
    compositional = 'compositional'


class SectionInsetReference(StrEnum):
    fromContentInset = 'fromContentInset'
    fromSafeArea = 'fromSafeArea'
    fromLayoutMargins = 'fromLayoutMargins'


class CollectionSectionInput(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    sectionInset: InsetsInput | None = None
    contentInsets: DirectionalInsetsInput | None = None
    contentInsetsReference: ContentInsetsReference | None = None


class KeyboardGuideInput(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    followsUndockedKeyboard: bool | None = False
    usesBottomSafeArea: bool | None = Field(
        True, description='systemVersion 17+ (the key given below 17 is 422).'
    )


class KeyboardInput(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    frame: RectInput | None = None
    docked: bool | None = True
    height: confloat(ge=0.0, le=1000000000.0) | None = None


class Pin(StrEnum):
    bounds = 'bounds'
    safeArea = 'safeArea'
    layoutMargins = 'layoutMargins'
    readableContent = 'readableContent'


class EdgesForExtendedLayout(StrEnum):
    all = 'all'
    none = 'none'


class Style(Enum):
    classic = 'classic'
    doubleColumn = 'doubleColumn'
    NoneType_None = None


class ViewControllerKind(StrEnum):
    plain = 'plain'
    navigation = 'navigation'
    tabBar = 'tabBar'
    split = 'split'


class Window(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    safeAreaInsets: Insets | None = None
    frame: Rect
    sizeClass: SizeClass


class ContentView(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    frame: Rect
    safeAreaInsets: Insets | None = None
    layoutMargins: Insets
    layoutMarginsGuide: Rect


class SeparatorInset(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    left: confloat(ge=0.0)
    right: confloat(ge=0.0)


class Reference(StrEnum):
    fromContentInset = 'fromContentInset'
    fromSafeArea = 'fromSafeArea'
    fromLayoutMargins = 'fromLayoutMargins'
    none = 'none'
    safeArea = 'safeArea'
    layoutMargins = 'layoutMargins'
    readableContent = 'readableContent'


class SectionEdgeExplain(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    reference: Reference
    clampedToContentInset: bool


class SectionExplain(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    top: SectionEdgeExplain
    left: SectionEdgeExplain
    bottom: SectionEdgeExplain
    right: SectionEdgeExplain


class LayoutBars(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    statusBar: Rect | None = None
    navigationBar: Rect | None = None
    toolbar: Rect | None = None
    tabBar: Rect | None = None


class Source(StrEnum):
    statusBar = 'statusBar'
    sensorHousing = 'sensorHousing'
    homeIndicator = 'homeIndicator'
    overscan = 'overscan'
    screen = 'screen'
    navigationBar = 'navigationBar'
    toolbar = 'toolbar'
    tabBar = 'tabBar'
    additionalSafeAreaInsets = 'additionalSafeAreaInsets'
    offset = 'offset'
    frozen = 'frozen'
    scrollViewConsumed = 'scrollViewConsumed'
    floor = 'floor'
    primaryColumn = 'primaryColumn'
    navigationBarOffset = 'navigationBarOffset'


class Contribution(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    source: Source
    value: float


class Contributions(RootModel[list[Contribution]]):
    root: list[Contribution]


class Window1(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    safeAreaInsets: Insets | None = None
    frame: Rect = Field(
        ..., description='The full screen, in screen coordinates of the orientation.'
    )
    sizeClass: SizeClass


class MatrixSkipped(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    device: str
    orientation: Orientation
    systemVersion: float
    reason: str = Field(
        ...,
        description='Why the hierarchy is not valid there: each problem as `pointer: detail`, joined by `; ` (an orientation the device lacks: `/orientation: iphone-x does not support portraitUpsideDown`; `designRequiresCompatibility` below 26; a `window.split` from 26).\n',
    )


class ScrollRequest1(BaseModel):
    bounds: dict[str, Any]


class ScrollRequest2(BaseModel):
    frame: dict[str, Any]


class ScrollContext(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    inNavigationController: bool | None = Field(
        None,
        description='Default false, or true when a `navigationBar` or `toolbar` object is given. With `device`, true derives the safe area inside a navigation controller; on tvOS, where containers are not modelled, that is 422.\n',
    )
    automaticallyAdjustsScrollViewInsets: bool | None = True
    isContentScrollView: bool | None = Field(
        True,
        description="The controller's own view, or reached by following first subviews.",
    )


class ScrollableAxes(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    vertical: bool
    horizontal: bool


class ScrollContentOffset(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    initial: Point
    min: Point
    max: Point


class Problem1(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    type: Literal['/problems/malformed-json']
    title: str
    status: Literal[400]
    detail: str
    suggestion: str | None = Field(
        None,
        description='The registry id nearest to an unknown device (404 of the device routes).',
        examples=['iphone-15-pro'],
    )
    errors: list[FieldProblem] | None = None


class Problem2(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    type: Literal['/problems/bad-request']
    title: str
    status: Literal[400]
    detail: str
    suggestion: str | None = Field(
        None,
        description='The registry id nearest to an unknown device (404 of the device routes).',
        examples=['iphone-15-pro'],
    )
    errors: list[FieldProblem] | None = None


class Problem3(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    type: Literal['/problems/not-found']
    title: str
    status: Literal[404]
    detail: str
    suggestion: str | None = Field(
        None,
        description='The registry id nearest to an unknown device (404 of the device routes).',
        examples=['iphone-15-pro'],
    )
    errors: list[FieldProblem] | None = None


class Problem4(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    type: Literal['/problems/method-not-allowed']
    title: str
    status: Literal[405]
    detail: str
    suggestion: str | None = Field(
        None,
        description='The registry id nearest to an unknown device (404 of the device routes).',
        examples=['iphone-15-pro'],
    )
    errors: list[FieldProblem] | None = None


class Problem5(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    type: Literal['/problems/not-acceptable']
    title: str
    status: Literal[406]
    detail: str
    suggestion: str | None = Field(
        None,
        description='The registry id nearest to an unknown device (404 of the device routes).',
        examples=['iphone-15-pro'],
    )
    errors: list[FieldProblem] | None = None


class Problem6(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    type: Literal['/problems/payload-too-large']
    title: str
    status: Literal[413]
    detail: str
    suggestion: str | None = Field(
        None,
        description='The registry id nearest to an unknown device (404 of the device routes).',
        examples=['iphone-15-pro'],
    )
    errors: list[FieldProblem] | None = None


class Problem7(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    type: Literal['/problems/unsupported-media-type']
    title: str
    status: Literal[415]
    detail: str
    suggestion: str | None = Field(
        None,
        description='The registry id nearest to an unknown device (404 of the device routes).',
        examples=['iphone-15-pro'],
    )
    errors: list[FieldProblem] | None = None


class Problem8(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    type: Literal['/problems/invalid-request']
    title: str
    status: Literal[422]
    detail: str
    suggestion: str | None = Field(
        None,
        description='The registry id nearest to an unknown device (404 of the device routes).',
        examples=['iphone-15-pro'],
    )
    errors: list[FieldProblem]


class Problem9(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    type: Literal['/problems/not-implemented']
    title: str
    status: Literal[501]
    detail: str
    suggestion: str | None = Field(
        None,
        description='The registry id nearest to an unknown device (404 of the device routes).',
        examples=['iphone-15-pro'],
    )
    errors: list[FieldProblem] | None = None


class Problem10(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    type: Literal['/problems/draining']
    title: str
    status: Literal[503]
    detail: str
    suggestion: str | None = Field(
        None,
        description='The registry id nearest to an unknown device (404 of the device routes).',
        examples=['iphone-15-pro'],
    )
    errors: list[FieldProblem] | None = None


class Problem11(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    type: Literal['/problems/overloaded']
    title: str
    status: Literal[503]
    detail: str
    suggestion: str | None = Field(
        None,
        description='The registry id nearest to an unknown device (404 of the device routes).',
        examples=['iphone-15-pro'],
    )
    errors: list[FieldProblem] | None = None


class Problem(
    RootModel[
        Problem1
        | Problem2
        | Problem3
        | Problem4
        | Problem5
        | Problem6
        | Problem7
        | Problem8
        | Problem9
        | Problem10
        | Problem11
    ]
):
    root: (
        Problem1
        | Problem2
        | Problem3
        | Problem4
        | Problem5
        | Problem6
        | Problem7
        | Problem8
        | Problem9
        | Problem10
        | Problem11
    ) = Field(
        ...,
        description='RFC 9457 problem details; `type` follows from `status`. `errors` is always there for 422 (every problem with its pointer, in document order), for 400 where a pointer is known. `suggestion`: on a 404 for an unknown device of a `/devices/{id}` route, the registry id nearest to it where one is close.\n',
    )


class Device(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    id: constr(pattern=r'^[a-z0-9]+(-[a-z0-9]+)*$') = Field(..., examples=['iphone-x'])
    name: str = Field(..., examples=['iPhone X'])
    family: Family
    screen: Size = Field(
        ...,
        description='The natural orientation (portrait for iPhone and iPad, landscape 1920×1080 for Apple TV).',
    )
    scale: PositiveFloat
    sensorHousing: SensorHousing
    homeIndicator: bool
    modelIdentifiers: list[ModelIdentifier] = Field(
        ...,
        description='The hardware model identifiers the profile covers; each is listed by one profile only.',
        min_length=1,
    )


class DeviceList(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    devices: list[Device]


class PlaywrightDevices(RootModel[dict[str, PlaywrightDescriptor]]):
    root: dict[str, PlaywrightDescriptor]


class SplitViewWindows(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    portrait: list[SplitViewWindow]
    landscape: list[SplitViewWindow]


class Portrait(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    orientation: Orientation
    screen: Size
    safeAreaInsets: Insets = Field(
        ...,
        description="The window's: screen features only (status bar, sensor housing, home indicator, tvOS overscan), no bars.\n",
    )
    statusBar: StatusBar
    sizeClass: SizeClass
    bars: DeviceBarHeights | None = None
    systemMinimumLayoutMargins: DirectionalInsets


class PortraitUpsideDown(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    orientation: Orientation
    screen: Size
    safeAreaInsets: Insets = Field(
        ...,
        description="The window's: screen features only (status bar, sensor housing, home indicator, tvOS overscan), no bars.\n",
    )
    statusBar: StatusBar
    sizeClass: SizeClass
    bars: DeviceBarHeights | None = None
    systemMinimumLayoutMargins: DirectionalInsets


class LandscapeLeft(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    orientation: Orientation
    screen: Size
    safeAreaInsets: Insets = Field(
        ...,
        description="The window's: screen features only (status bar, sensor housing, home indicator, tvOS overscan), no bars.\n",
    )
    statusBar: StatusBar
    sizeClass: SizeClass
    bars: DeviceBarHeights | None = None
    systemMinimumLayoutMargins: DirectionalInsets


class LandscapeRight(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    orientation: Orientation
    screen: Size
    safeAreaInsets: Insets = Field(
        ...,
        description="The window's: screen features only (status bar, sensor housing, home indicator, tvOS overscan), no bars.\n",
    )
    statusBar: StatusBar
    sizeClass: SizeClass
    bars: DeviceBarHeights | None = None
    systemMinimumLayoutMargins: DirectionalInsets


class Orientations(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    portrait: Portrait | None = Field(
        None,
        description="A device's metrics in one orientation (without the device id). Open on its own as DeviceOrientation extends it; closed where it is used.\n",
    )
    portraitUpsideDown: PortraitUpsideDown | None = Field(
        None,
        description="A device's metrics in one orientation (without the device id). Open on its own as DeviceOrientation extends it; closed where it is used.\n",
    )
    landscapeLeft: LandscapeLeft | None = Field(
        None,
        description="A device's metrics in one orientation (without the device id). Open on its own as DeviceOrientation extends it; closed where it is used.\n",
    )
    landscapeRight: LandscapeRight | None = Field(
        None,
        description="A device's metrics in one orientation (without the device id). Open on its own as DeviceOrientation extends it; closed where it is used.\n",
    )


class DeviceProfile(DeviceSummary):
    model_config = ConfigDict(
        extra='forbid',
    )
    verified: date = Field(
        ...,
        description="When the profile's figures were last checked against their sources, as written in its file.",
    )
    notes: list[str] = Field(..., description='Derived or disputed figures, in words.')
    splitViewWindows: SplitViewWindows | None = Field(
        None,
        description='iPads only. The Split View presets of RULES.md W2 per orientation (portrait has no oneHalf). Split View exists on iPadOS 9–18: the list describes those versions whatever `?systemVersion=` says (from 26 a request gives `window.frame`, RULES.md V11).\n',
    )
    cornerRadius: float | None = Field(
        ..., description='null where no source gives it.'
    )
    sensorHousingSize: Size | None = Field(
        ...,
        description='null only without a housing, or where no source gives it nor derives it (the picture then draws a fallback band).',
    )
    sensorHousingTop: float | None = Field(
        ...,
        description="The housing's distance from the screen's top edge in portrait (0 for a notch, flush with the edge); null without a housing.",
    )
    statusBarHeight: float = Field(
        ...,
        description='In the natural orientation, for `?systemVersion=` (default 27.1: 32 on iPads with a home indicator from 26, RULES.md V3); 0 on tvOS, which has no status bar.\n',
    )
    sources: dict[str, list[str]] = Field(
        ...,
        description='Each figure\'s name mapped to the list of its sources (URLs, or repository and path), plus `"derived"` where RULES.md supplies the figure.\n',
    )
    alternatives: list[Alternative] = Field(
        ...,
        description="Every other value the registry records for one of the profile's figures where sources disagree with the one used, in the order safeAreaInsets.portrait, safeAreaInsets.landscape, statusBarHeight, cornerRadius, sensorHousingSize, sensorHousingTop and, within a figure, the registry's; `[]` when none. They describe the registry, not a version: `?systemVersion=` does not change them.\n",
    )
    orientations: Orientations = Field(
        ...,
        description='Keyed by every orientation the device supports: iPhones with a home button and iPads all four, iPhones with a home indicator all but `portraitUpsideDown`, Apple TV only `landscapeLeft`.\n',
    )


class OrientationMetrics(BaseModel):
    orientation: Orientation
    screen: Size
    safeAreaInsets: Insets = Field(
        ...,
        description="The window's: screen features only (status bar, sensor housing, home indicator, tvOS overscan), no bars.\n",
    )
    statusBar: StatusBar
    sizeClass: SizeClass
    bars: DeviceBarHeights | None = None
    systemMinimumLayoutMargins: DirectionalInsets


class DeviceOrientation(OrientationMetrics):
    model_config = ConfigDict(
        extra='forbid',
    )
    device: str = Field(..., examples=['iphone-x'])


class CollectionLayoutInput(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    type: Type11 | None = 'flow'
    sectionInsetReference: SectionInsetReference | None = None
    contentInsetsReference: ContentInsetsReference | None = None
    sections: list[CollectionSectionInput] | None = Field(None, min_length=1)


class ViewController(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    kind: ViewControllerKind | None = None
    additionalSafeAreaInsets: InsetsInput | None = None
    edgesForExtendedLayout: list[Edge] | EdgesForExtendedLayout | None = Field(
        None, description='Default `all`.'
    )
    extendedLayoutIncludesOpaqueBars: bool | None = False
    automaticallyAdjustsScrollViewInsets: bool | None = True
    viewRespectsSystemMinimumLayoutMargins: bool | None = True
    navigationBar: NavigationBarInput | None = Field(
        None, description='navigation only.'
    )
    toolbar: ToolbarInput | None = Field(None, description='navigation only.')
    tabBar: TabBarInput | None = Field(None, description='tabBar only.')
    style: Style | None = Field(
        None,
        description='split only: default `doubleColumn` from systemVersion 14; below 14 only `classic` (a `doubleColumn` there is 422).\n',
    )
    preferredPrimaryColumnWidth: confloat(ge=0.0, le=1000000000.0) | None = Field(
        320, description="split only; clamped to the split view's width."
    )


class Explain(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    top: Contributions
    left: Contributions
    bottom: Contributions
    right: Contributions


class MatrixNodeResult(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    frame: Rect | None = None
    frameInWindow: Rect | None = None
    safeAreaInsets: Insets | None = None
    safeAreaLayoutGuide: Rect | None = None
    layoutMargins: Insets | None = None
    directionalLayoutMargins: DirectionalInsets | None = None
    layoutMarginsGuide: Rect | None = None
    contentInset: Insets | None = None
    adjustedContentInset: Insets | None = None
    verticalScrollIndicatorInsets: Insets | None = None
    horizontalScrollIndicatorInsets: Insets | None = None
    contentOffset: Point | None = None
    topLayoutGuide: float | None = None
    bottomLayoutGuide: float | None = None
    bars: LayoutBars | None = None
    explain: Explain | None = None


class ScrollRequest3(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    systemVersion: SystemVersion | None = None
    contentInsetAdjustmentBehavior: Behavior | None = Field(
        None, description='Default `automatic`.'
    )
    bounds: SizeInput | None = Field(
        None, description="Default the frame's size; both with different sizes is 422."
    )
    frame: RectInput | None = Field(
        None, description="The scroll view's frame in the window (with `device`)."
    )
    contentSize: SizeInput | None = None
    contentInset: InsetsInput | None = None
    safeAreaInsets: InsetsInput | None = Field(
        None,
        description="The scroll view's safe area. Below systemVersion 11 its top and bottom stand for the controller's topLayoutGuide and bottomLayoutGuide.\n",
    )
    device: str | None = Field(
        None,
        description='A registry id or a model identifier; the safe area is then derived as /layout would.',
    )
    orientation: Orientation | None = None
    statusBarHidden: bool | None = False
    designRequiresCompatibility: DesignRequiresCompatibility | None = Field(
        False,
        description='With `device` only, as in /layout (422 below systemVersion 26).',
        validate_default=True,
    )
    navigationBar: NavigationBarInput | None = None
    toolbar: ToolbarInput | None = None
    tabBar: TabBarInput | None = None
    window: WindowInput | None = Field(
        None,
        description="With `device` only, as in /layout (iPads); `frame` is then in the window's coordinates.",
    )
    alwaysBounceVertical: bool | None = False
    alwaysBounceHorizontal: bool | None = False
    automaticallyAdjustsScrollIndicatorInsets: bool | None = True
    verticalScrollIndicatorInsets: InsetsInput | None = None
    horizontalScrollIndicatorInsets: InsetsInput | None = None
    context: ScrollContext | None = None


class ScrollRequest4(ScrollRequest1, ScrollRequest3):
    model_config = ConfigDict(
        extra='forbid',
    )
    systemVersion: SystemVersion | None = None
    contentInsetAdjustmentBehavior: Behavior | None = Field(
        None, description='Default `automatic`.'
    )
    bounds: SizeInput | None = Field(
        ..., description="Default the frame's size; both with different sizes is 422."
    )
    frame: RectInput | None = Field(
        None, description="The scroll view's frame in the window (with `device`)."
    )
    contentSize: SizeInput | None = None
    contentInset: InsetsInput | None = None
    safeAreaInsets: InsetsInput | None = Field(
        None,
        description="The scroll view's safe area. Below systemVersion 11 its top and bottom stand for the controller's topLayoutGuide and bottomLayoutGuide.\n",
    )
    device: str | None = Field(
        None,
        description='A registry id or a model identifier; the safe area is then derived as /layout would.',
    )
    orientation: Orientation | None = None
    statusBarHidden: bool | None = False
    designRequiresCompatibility: DesignRequiresCompatibility | None = Field(
        False,
        description='With `device` only, as in /layout (422 below systemVersion 26).',
        validate_default=True,
    )
    navigationBar: NavigationBarInput | None = None
    toolbar: ToolbarInput | None = None
    tabBar: TabBarInput | None = None
    window: WindowInput | None = Field(
        None,
        description="With `device` only, as in /layout (iPads); `frame` is then in the window's coordinates.",
    )
    alwaysBounceVertical: bool | None = False
    alwaysBounceHorizontal: bool | None = False
    automaticallyAdjustsScrollIndicatorInsets: bool | None = True
    verticalScrollIndicatorInsets: InsetsInput | None = None
    horizontalScrollIndicatorInsets: InsetsInput | None = None
    context: ScrollContext | None = None


class ScrollRequest5(ScrollRequest2, ScrollRequest3):
    model_config = ConfigDict(
        extra='forbid',
    )
    systemVersion: SystemVersion | None = None
    contentInsetAdjustmentBehavior: Behavior | None = Field(
        None, description='Default `automatic`.'
    )
    bounds: SizeInput | None = Field(
        None, description="Default the frame's size; both with different sizes is 422."
    )
    frame: RectInput | None = Field(
        ..., description="The scroll view's frame in the window (with `device`)."
    )
    contentSize: SizeInput | None = None
    contentInset: InsetsInput | None = None
    safeAreaInsets: InsetsInput | None = Field(
        None,
        description="The scroll view's safe area. Below systemVersion 11 its top and bottom stand for the controller's topLayoutGuide and bottomLayoutGuide.\n",
    )
    device: str | None = Field(
        None,
        description='A registry id or a model identifier; the safe area is then derived as /layout would.',
    )
    orientation: Orientation | None = None
    statusBarHidden: bool | None = False
    designRequiresCompatibility: DesignRequiresCompatibility | None = Field(
        False,
        description='With `device` only, as in /layout (422 below systemVersion 26).',
        validate_default=True,
    )
    navigationBar: NavigationBarInput | None = None
    toolbar: ToolbarInput | None = None
    tabBar: TabBarInput | None = None
    window: WindowInput | None = Field(
        None,
        description="With `device` only, as in /layout (iPads); `frame` is then in the window's coordinates.",
    )
    alwaysBounceVertical: bool | None = False
    alwaysBounceHorizontal: bool | None = False
    automaticallyAdjustsScrollIndicatorInsets: bool | None = True
    verticalScrollIndicatorInsets: InsetsInput | None = None
    horizontalScrollIndicatorInsets: InsetsInput | None = None
    context: ScrollContext | None = None


class ScrollRequest6(ScrollRequest1, ScrollRequest3):
    model_config = ConfigDict(
        extra='forbid',
    )
    systemVersion: SystemVersion | None = None
    contentInsetAdjustmentBehavior: Behavior | None = Field(
        None, description='Default `automatic`.'
    )
    bounds: SizeInput | None = Field(
        ..., description="Default the frame's size; both with different sizes is 422."
    )
    frame: RectInput | None = Field(
        None, description="The scroll view's frame in the window (with `device`)."
    )
    contentSize: SizeInput | None = None
    contentInset: InsetsInput | None = None
    safeAreaInsets: InsetsInput | None = Field(
        None,
        description="The scroll view's safe area. Below systemVersion 11 its top and bottom stand for the controller's topLayoutGuide and bottomLayoutGuide.\n",
    )
    device: str | None = Field(
        None,
        description='A registry id or a model identifier; the safe area is then derived as /layout would.',
    )
    orientation: Orientation | None = None
    statusBarHidden: bool | None = False
    designRequiresCompatibility: DesignRequiresCompatibility | None = Field(
        False,
        description='With `device` only, as in /layout (422 below systemVersion 26).',
        validate_default=True,
    )
    navigationBar: NavigationBarInput | None = None
    toolbar: ToolbarInput | None = None
    tabBar: TabBarInput | None = None
    window: WindowInput | None = Field(
        None,
        description="With `device` only, as in /layout (iPads); `frame` is then in the window's coordinates.",
    )
    alwaysBounceVertical: bool | None = False
    alwaysBounceHorizontal: bool | None = False
    automaticallyAdjustsScrollIndicatorInsets: bool | None = True
    verticalScrollIndicatorInsets: InsetsInput | None = None
    horizontalScrollIndicatorInsets: InsetsInput | None = None
    context: ScrollContext | None = None


class ScrollRequest7(ScrollRequest2, ScrollRequest3):
    model_config = ConfigDict(
        extra='forbid',
    )
    systemVersion: SystemVersion | None = None
    contentInsetAdjustmentBehavior: Behavior | None = Field(
        None, description='Default `automatic`.'
    )
    bounds: SizeInput | None = Field(
        None, description="Default the frame's size; both with different sizes is 422."
    )
    frame: RectInput | None = Field(
        ..., description="The scroll view's frame in the window (with `device`)."
    )
    contentSize: SizeInput | None = None
    contentInset: InsetsInput | None = None
    safeAreaInsets: InsetsInput | None = Field(
        None,
        description="The scroll view's safe area. Below systemVersion 11 its top and bottom stand for the controller's topLayoutGuide and bottomLayoutGuide.\n",
    )
    device: str | None = Field(
        None,
        description='A registry id or a model identifier; the safe area is then derived as /layout would.',
    )
    orientation: Orientation | None = None
    statusBarHidden: bool | None = False
    designRequiresCompatibility: DesignRequiresCompatibility | None = Field(
        False,
        description='With `device` only, as in /layout (422 below systemVersion 26).',
        validate_default=True,
    )
    navigationBar: NavigationBarInput | None = None
    toolbar: ToolbarInput | None = None
    tabBar: TabBarInput | None = None
    window: WindowInput | None = Field(
        None,
        description="With `device` only, as in /layout (iPads); `frame` is then in the window's coordinates.",
    )
    alwaysBounceVertical: bool | None = False
    alwaysBounceHorizontal: bool | None = False
    automaticallyAdjustsScrollIndicatorInsets: bool | None = True
    verticalScrollIndicatorInsets: InsetsInput | None = None
    horizontalScrollIndicatorInsets: InsetsInput | None = None
    context: ScrollContext | None = None


class ScrollRequest(
    RootModel[ScrollRequest4 | ScrollRequest5 | ScrollRequest6 | ScrollRequest7]
):
    root: ScrollRequest4 | ScrollRequest5 | ScrollRequest6 | ScrollRequest7 = Field(
        ...,
        description="The safe area as `safeAreaInsets` or through `device`; the size as `bounds` or through `frame`. Neither of a pair, or both `safeAreaInsets` and `device`, is 422. `orientation`, `statusBarHidden`, `designRequiresCompatibility` and the bar objects describe how a device's safe area is derived, so they go with `device`: with `safeAreaInsets` each is 422 at its own pointer (say `context.inNavigationController` there instead of a bar object).\n",
    )


class ScrollResponse(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    adjustedContentInset: Insets
    systemInset: Insets = Field(
        ...,
        description="adjustedContentInset − the request's contentInset: what UIKit adds to the app's value. Below systemVersion 11 that is what UIKit wrote into contentInset (the layout guides replace the app's top and bottom) less the app's value.\n",
    )
    adjustedEdges: list[Edge] = Field(
        ...,
        description='The edges the behaviour includes (rule C1), whether or not their safe-area inset is zero; order top, left, bottom, right.',
    )
    scrollableAxes: ScrollableAxes
    verticalScrollIndicatorInsets: Insets
    horizontalScrollIndicatorInsets: Insets
    contentOffset: ScrollContentOffset
    subviewSafeAreaInsets: Insets = Field(
        ...,
        description='The safe area with the adjusted edges removed; what a subview covering the bounds sees.',
    )
    explain: list[str]


class Node(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    id: constr(max_length=256) = Field(
        ...,
        description="Unique in the request; the key of this node's result. At most 256 bytes of UTF-8 (422 beyond); `maxLength` counts characters, so an id of non-ASCII characters reaches the limit with fewer.\n",
    )
    kind: NodeKind | None = None
    frame: RectInput | None = Field(
        None,
        description="In the superview's bounds coordinates (content coordinates for a child of a scroll view). Default: fills the superview.\n",
    )
    pin: Pin | None = None
    layoutMargins: InsetsInput | None = Field(
        None,
        description="Default 8 on every edge for a plain view (0 from systemVersion 27.1); 0 for a view controller's root view, which gets the system minimum.\n",
    )
    directionalLayoutMargins: DirectionalInsetsInput | None = None
    insetsLayoutMarginsFromSafeArea: bool | None = True
    preservesSuperviewLayoutMargins: bool | None = False
    contentSize: SizeInput | None = None
    contentInset: InsetsInput | None = None
    contentInsetAdjustmentBehavior: Behavior | None = None
    alwaysBounceVertical: bool | None = False
    alwaysBounceHorizontal: bool | None = False
    automaticallyAdjustsScrollIndicatorInsets: bool | None = True
    verticalScrollIndicatorInsets: InsetsInput | None = None
    horizontalScrollIndicatorInsets: InsetsInput | None = None
    viewController: ViewController | None = None
    subviews: list[Node] | None = None
    y: confloat(ge=-1000000000.0, le=1000000000.0) | None = Field(
        None,
        description="Rows only (422 elsewhere), instead of `frame`: the row's top in the table's content coordinates. Default: the previous row sibling's bottom (0 for the first).\n",
    )
    height: confloat(ge=0.0, le=1000000000.0) | None = Field(
        44, description='Rows only (422 elsewhere).'
    )
    style: TableStyle | None = Field(
        None,
        description='`tableView` only; `insetGrouped` needs systemVersion 13 and is not on tvOS (422).',
    )
    insetsContentViewsToSafeArea: bool | None = Field(
        True, description='`tableView` only; systemVersion 11+ (422 below).'
    )
    cellLayoutMarginsFollowReadableWidth: bool | None = Field(
        None,
        description='`tableView` only; default true below systemVersion 12, false from 12.',
    )
    separatorInset: SeparatorInsetInput | None = Field(
        None,
        description="`tableView` or `cell`; a cell's own value wins over the table's. Default automatic.",
    )
    separatorInsetReference: SeparatorInsetReference | None = Field(
        None,
        description='`tableView` only; systemVersion 11+ (422 below). Default `fromCellEdges`.',
    )
    layout: CollectionLayoutInput | None = Field(
        None, description='`collectionView` only.'
    )
    keyboardLayoutGuide: bool | KeyboardGuideInput | None = Field(
        None,
        description="Asks for this view's keyboard layout guide (`false` counts as absent); systemVersion 15+ (422 below).\n",
    )


class NodeResult(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    frame: Rect
    frameInWindow: Rect
    safeAreaInsets: Insets | None = None
    safeAreaLayoutGuide: Rect | None = None
    layoutMargins: Insets
    directionalLayoutMargins: DirectionalInsets
    layoutMarginsGuide: Rect
    topLayoutGuide: float | None = None
    bottomLayoutGuide: float | None = None
    contentInset: Insets | None = None
    adjustedContentInset: Insets | None = None
    verticalScrollIndicatorInsets: Insets | None = None
    horizontalScrollIndicatorInsets: Insets | None = None
    contentOffset: Point | None = Field(
        None, description='At rest, the top-left-most allowed offset.'
    )
    bars: LayoutBars | None = None
    explain: Explain | None = None
    contentView: ContentView | None = None
    separatorInset: SeparatorInset | None = None
    sectionInsets: list[Insets] | None = Field(
        None,
        description="`collectionView` only: per section, the distances from its bounds edges at the resting offset to where the section's content starts.",
        min_length=1,
    )
    sectionExplain: list[SectionExplain] | None = Field(None, min_length=1)
    keyboardLayoutGuide: Rect | None = Field(
        None, description='A node that asked for it; in its bounds coordinates.'
    )


class MatrixRequest(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    devices: Literal['all'] | list[str] | None = Field(
        None,
        description='Registry ids or model identifiers (an unknown one is 422; two naming one profile are duplicates, 422 at the second), or `"all"` (every device, Apple TVs too); default every iPhone and iPad, in registry order. Results name each profile by its id.\n',
        examples=[['iphone-x', 'iphone-se-3rd-gen']],
    )
    orientations: list[Orientation] | None = Field(
        None,
        description="Default each device's own orientations, in the Orientation order.",
    )
    systemVersions: list[SystemVersion] | None = Field(
        None,
        description='Default `[systemVersion]`, that is `[27.1]` when the body names no version; an item V1 refuses is 422 for the whole request at `/systemVersions/N`, with the details of `systemVersion`.\n',
    )
    systemVersion: SystemVersion | None = None
    designRequiresCompatibility: DesignRequiresCompatibility | None = Field(
        False,
        description='Versions below 26 are skipped with it (either value), not refused.',
        validate_default=True,
    )
    statusBarHidden: bool | None = False
    layoutDirection: LayoutDirection | None = None
    root: Node = Field(
        ...,
        description="The window's root view on every screen; a `frame` or `pin` on it is 422.",
    )
    device: None = Field(
        None, description='Refused (422): `devices` names the devices.'
    )
    screen: None = Field(
        None, description='Refused (422): a matrix is of registry devices.'
    )
    orientation: None = Field(
        None, description='Refused (422): `orientations` names the orientations.'
    )
    steps: None = Field(
        None, description='Refused (422): a matrix answers the first layout only.'
    )


class MatrixResult(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    device: str
    orientation: Orientation
    systemVersion: float
    window: Window1
    nodes: dict[str, MatrixNodeResult] = Field(
        ...,
        description="Node id → result, in depth-first request order: /layout's `nodes` for this combination, or the fields `?fields=` names of each.\n",
    )
    caveats: Caveats | None = Field(
        None,
        description='What /layout would answer for this combination (`?fields=` leaves it alone); absent when none.',
    )


class LayoutRequest1(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    device: str = Field(
        ...,
        description="A registry id or a model identifier (`iPhone16,1`, matched exactly); the answer names the profile's id. Unknown is 422 (the nearest ids, and a `suggestion` where one is close).\n",
        examples=['iphone-x'],
    )
    screen: CustomScreen | None = None
    orientation: Orientation | None = Field(
        None,
        description='Default `portrait`; on tvOS `landscapeLeft`, its only orientation. A custom `screen` is taken as given and ignores it. One the device lacks is 422.\n',
    )
    systemVersion: SystemVersion | None = None
    designRequiresCompatibility: DesignRequiresCompatibility | None = Field(
        False, validate_default=True
    )
    statusBarHidden: bool | None = False
    layoutDirection: LayoutDirection | None = Field(
        None,
        description='How leading/trailing map to left/right; default `leftToRight`.',
    )
    window: WindowInput | None = Field(
        None, description="The app's window (RULES.md W1–W4); default the full screen."
    )
    root: Node = Field(
        ...,
        description="The window's root view; it always fills the window (the screen unless `window` says otherwise), so a `frame` or `pin` on it is 422.",
    )
    steps: list[LayoutStep] | None = Field(
        None,
        description='Frame changes applied in order after the first layout, each answered with the state after it.',
        max_length=1000,
    )
    keyboard: KeyboardInput | None = None


class LayoutRequest2(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    device: str | None = Field(
        None,
        description="A registry id or a model identifier (`iPhone16,1`, matched exactly); the answer names the profile's id. Unknown is 422 (the nearest ids, and a `suggestion` where one is close).\n",
        examples=['iphone-x'],
    )
    screen: CustomScreen | None
    orientation: Orientation | None = Field(
        None,
        description='Default `portrait`; on tvOS `landscapeLeft`, its only orientation. A custom `screen` is taken as given and ignores it. One the device lacks is 422.\n',
    )
    systemVersion: SystemVersion | None = None
    designRequiresCompatibility: DesignRequiresCompatibility | None = Field(
        False, validate_default=True
    )
    statusBarHidden: bool | None = False
    layoutDirection: LayoutDirection | None = Field(
        None,
        description='How leading/trailing map to left/right; default `leftToRight`.',
    )
    window: WindowInput | None = Field(
        None, description="The app's window (RULES.md W1–W4); default the full screen."
    )
    root: Node = Field(
        ...,
        description="The window's root view; it always fills the window (the screen unless `window` says otherwise), so a `frame` or `pin` on it is 422.",
    )
    steps: list[LayoutStep] | None = Field(
        None,
        description='Frame changes applied in order after the first layout, each answered with the state after it.',
        max_length=1000,
    )
    keyboard: KeyboardInput | None = None


class LayoutRequest(RootModel[LayoutRequest1 | LayoutRequest2]):
    root: LayoutRequest1 | LayoutRequest2 = Field(
        ...,
        description='Exactly one of `device` (a registry id or a model identifier) and `screen` (a custom device) is given; both is 422. nodes × (steps + 1) is capped at 100,000 node states.\n',
    )


class RenderRequest1(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    device: str = Field(
        ...,
        description="A registry id or a model identifier (`iPhone16,1`, matched exactly); the answer names the profile's id. Unknown is 422 (the nearest ids, and a `suggestion` where one is close).\n",
        examples=['iphone-x'],
    )
    screen: CustomScreen | None = None
    orientation: Orientation | None = Field(
        None,
        description='Default `portrait`; on tvOS `landscapeLeft`, its only orientation. A custom `screen` is taken as given and ignores it. One the device lacks is 422.\n',
    )
    systemVersion: SystemVersion | None = None
    designRequiresCompatibility: DesignRequiresCompatibility | None = Field(
        False, validate_default=True
    )
    statusBarHidden: bool | None = False
    layoutDirection: LayoutDirection | None = Field(
        None,
        description='How leading/trailing map to left/right; default `leftToRight`.',
    )
    window: WindowInput | None = Field(
        None, description="The app's window (RULES.md W1–W4); default the full screen."
    )
    root: Node = Field(
        ...,
        description="The window's root view; it always fills the window (the screen unless `window` says otherwise), so a `frame` or `pin` on it is 422.",
    )
    steps: list[LayoutStep] | None = Field(
        None,
        description='Frame changes applied in order after the first layout, each answered with the state after it.',
        max_length=1000,
    )
    keyboard: KeyboardInput | None = None
    render: RenderOptions | None = None


class RenderRequest2(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    device: str | None = Field(
        None,
        description="A registry id or a model identifier (`iPhone16,1`, matched exactly); the answer names the profile's id. Unknown is 422 (the nearest ids, and a `suggestion` where one is close).\n",
        examples=['iphone-x'],
    )
    screen: CustomScreen | None
    orientation: Orientation | None = Field(
        None,
        description='Default `portrait`; on tvOS `landscapeLeft`, its only orientation. A custom `screen` is taken as given and ignores it. One the device lacks is 422.\n',
    )
    systemVersion: SystemVersion | None = None
    designRequiresCompatibility: DesignRequiresCompatibility | None = Field(
        False, validate_default=True
    )
    statusBarHidden: bool | None = False
    layoutDirection: LayoutDirection | None = Field(
        None,
        description='How leading/trailing map to left/right; default `leftToRight`.',
    )
    window: WindowInput | None = Field(
        None, description="The app's window (RULES.md W1–W4); default the full screen."
    )
    root: Node = Field(
        ...,
        description="The window's root view; it always fills the window (the screen unless `window` says otherwise), so a `frame` or `pin` on it is 422.",
    )
    steps: list[LayoutStep] | None = Field(
        None,
        description='Frame changes applied in order after the first layout, each answered with the state after it.',
        max_length=1000,
    )
    keyboard: KeyboardInput | None = None
    render: RenderOptions | None = None


class RenderRequest(RootModel[RenderRequest1 | RenderRequest2]):
    root: RenderRequest1 | RenderRequest2 = Field(
        ...,
        description='Exactly a /layout request (`LayoutRequest`: same fields, same validation, same 4xx), plus the optional `render`.\n',
    )


class Step(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    nodes: dict[str, NodeResult] = Field(
        ..., description='Every node, the state after that step.'
    )


class LayoutResponse(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    device: str = Field(
        ...,
        description='The profile\'s registry id (also for a model identifier given), or `"custom"`.',
    )
    orientation: Orientation
    systemVersion: float
    screen: Size
    window: Window = Field(
        ...,
        description="The app's window: its frame in screen coordinates of the orientation and its size classes (also for a full-screen one); its safe area in the safe-area model only.\n",
    )
    nodes: dict[str, NodeResult] = Field(
        ..., description='Node id → result, in depth-first request order.'
    )
    steps: list[Step] | None = None
    caveats: Caveats | None = None


class MatrixResponse(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    results: list[MatrixResult]
    skipped: list[MatrixSkipped]


Node.model_rebuild()
