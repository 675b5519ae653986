#!/usr/bin/env python3
"""Mutation fuzz of a running insetd's POST /layout, POST /layout/matrix and POST /scroll.

Takes the request bodies of the public scenarios (../shared/scenarios) and of
../shared/bench (each /layout one also as a matrix of three devices, without the members a
matrix refuses), mutates them (for a matrix also its devices, orientations and versions) (a registry device, orientation, system version or
direction swapped in; node fields, and a scroll view's own fields, set to values of every
kind, valid and not; the scroll view's safe area given through a device and a frame
instead; keys removed or added; subviews added and reordered; a fifth of the bodies also
cut short, a byte changed or a bad token inserted) and posts each one. For every answer it
checks:

- no 5xx, ever, and the server still answers at the end;
- a 4xx is application/problem+json whose `status` is the HTTP status, with a type and a
  title;
- a 200 is JSON; for /layout, and for each result of a matrix, every node id of the
  request has a result, and each node's
  fields keep the identities API.md states: `frameInWindow` is the superview's plus
  `frame` less the superview's bounds origin (a scroll view's `contentOffset`); each guide
  is the bounds inset by its insets, its width and height never below 0;
  `directionalLayoutMargins` is `layoutMargins` read in the layout direction; in the
  safe-area model the layout guide lengths are the safe area's top and bottom, every
  safe-area inset is at least 0 and its `explain` entries sum to it; a row's subviews are
  placed in its content view, whose width is never negative and whose height is the row's;
  a separator inset is never negative; a keyboard layout guide that does not follow an
  undocked keyboard ends at the view's bottom; for /scroll, the resting offset is the
  minimum, (−adjusted.left, −adjusted.top), and the maximum is as API.md gives it; in the
  safe-area model with the safe area given, `systemInset` is the safe area on the adjusted
  edges (0 on the others), `adjustedContentInset` is `contentInset` plus it, and
  `subviewSafeAreaInsets` is the safe area on the edges not adjusted;
- the layout decoder's fast path and its validating path agree (a matrix's hierarchy goes
  through the same decoder): the same body with its
  `root` key spelled with an escape (which the fast path leaves to the validating one)
  gets the same status and the same bytes.

A seed fixes the sequence of bodies; the time only decides how far along it a run gets.

usage: scripts/fuzz-requests.py URL [SECONDS [SEED]]     (defaults: 15 s, seed 1)
One line per failure (what failed, then the body); ends with the counts; exit 1 on any.
  env: INSETD_SHARED (default Tests/Shared, the copy of ../shared)
"""
import copy
import glob
import http.client
import json
import os
import random
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'lib'))
import scenarios as public_scenarios  # noqa: E402

EDGES = ['top', 'left', 'bottom', 'right']
NUMBERS = [0, -0.0, 1, -1, 8, 20, 44, 100.5, 375, 1e6, 1e9, 1e15, 1e16, 1.7976931348623157e308, 5e-324, -1e6, 2 ** 53 + 1, 0.1]
WORDS = ['view', 'scrollView', 'tableView', 'collectionView', 'bounds', 'safeArea', 'layoutMargins', 'readableContent',
         'plain', 'navigation', 'tabBar', 'automatic', 'scrollableAxes', 'never', 'always', 'all', 'none', 'top',
         'portrait', 'landscapeLeft', 'portraitUpsideDown', 'rightToLeft', 'compact', 'regular', '', 'é', '\u0000', 'a' * 300,
         'split', 'classic', 'doubleColumn', 'oneThird', 'oneHalf', 'twoThirds', 'leading', 'trailing']
NODE_KEYS = ['id', 'kind', 'frame', 'pin', 'layoutMargins', 'directionalLayoutMargins', 'insetsLayoutMarginsFromSafeArea',
             'preservesSuperviewLayoutMargins', 'contentSize', 'contentInset', 'contentInsetAdjustmentBehavior',
             'alwaysBounceVertical', 'alwaysBounceHorizontal', 'automaticallyAdjustsScrollIndicatorInsets',
             'verticalScrollIndicatorInsets', 'horizontalScrollIndicatorInsets', 'viewController', 'subviews',
             'y', 'height', 'style', 'insetsContentViewsToSafeArea', 'cellLayoutMarginsFollowReadableWidth', 'separatorInset',
             'separatorInsetReference', 'layout', 'keyboardLayoutGuide']
ROW_KINDS = ['cell', 'sectionHeader', 'sectionFooter']
CONTROLLER_KEYS = ['additionalSafeAreaInsets', 'edgesForExtendedLayout', 'extendedLayoutIncludesOpaqueBars',
                   'automaticallyAdjustsScrollViewInsets', 'viewRespectsSystemMinimumLayoutMargins', 'navigationBar',
                   'toolbar', 'tabBar', 'style', 'preferredPrimaryColumnWidth']
MATRIX_KEYS = ['devices', 'orientations', 'systemVersions']
OTHER_KEYS = ['hidden', 'translucent', 'prefersLargeTitles', 'device', 'screen', 'orientation', 'systemVersion',
              'statusBarHidden', 'layoutDirection', 'root', 'steps', 'frames', 'width', 'height', 'x', 'y', 'leading',
              'trailing', 'safeAreaInsets', 'statusBarHeight', 'sizeClass', 'bounds', 'bogus', 'window', 'split',
              'side'] + EDGES + MATRIX_KEYS
BAD_TOKENS = [b'1e309', b'-', b'"', b'\\u0000', b'{', b']', b',,', b'\xff', b'0001', b'-0', b'1E400', b'nul']


class Server:
    """One keep-alive connection, reopened when the server closes it."""

    def __init__(self, url):
        parsed = urllib.parse.urlsplit(url)
        self.host, self.port = parsed.hostname, parsed.port or 80
        self.connection = None

    def request(self, method, path, body=None):
        for _ in range(2):
            try:
                if self.connection is None:
                    self.connection = http.client.HTTPConnection(self.host, self.port, timeout=10)
                headers = {'Content-Type': 'application/json'} if body is not None else {}
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                return response.status, response.getheader('Content-Type') or '', response.read()
            except (http.client.HTTPException, OSError):
                self.connection.close()
                self.connection = None
        return None


class Mutator:
    def __init__(self, rng, devices):
        self.rng, self.devices = rng, devices

    def rect(self):
        pick = self.rng.choice
        return {'x': pick(NUMBERS), 'y': pick(NUMBERS), 'width': abs(pick(NUMBERS)), 'height': abs(pick(NUMBERS))}

    def insets(self, edges=EDGES):
        return {edge: self.rng.choice(NUMBERS) for edge in self.rng.sample(edges, self.rng.randint(0, 4))}

    def value(self):
        r = self.rng.random()
        if r < .25: return self.rng.choice(NUMBERS)
        if r < .45: return self.rng.choice(WORDS)
        if r < .55: return self.rng.choice([True, False, None])
        if r < .65: return self.rect()
        if r < .75: return self.insets()
        if r < .82: return [self.rng.choice(EDGES + ['x'])]
        if r < .9: return {'id': 'n%d' % self.rng.randint(0, 9)}
        return self.rng.choice([[], {}])

    def controller(self):
        controller = {'kind': self.rng.choice(['plain', 'navigation', 'tabBar', 'split'])}
        for key in self.rng.sample(CONTROLLER_KEYS, self.rng.randint(0, 3)):
            if key in ('navigationBar', 'toolbar', 'tabBar'):
                controller[key] = {'hidden': self.rng.random() < .5, 'translucent': self.rng.random() < .5}
            elif key == 'additionalSafeAreaInsets':
                controller[key] = self.insets()
            elif key == 'style':
                controller[key] = self.rng.choice(['classic', 'doubleColumn'])
            elif key == 'preferredPrimaryColumnWidth':
                controller[key] = self.rng.choice([0, 200, 320, 500, 5000, -1])
            elif key == 'edgesForExtendedLayout':
                controller[key] = self.rng.choice(['all', 'none', ['top'], ['bottom', 'left'], []])
            else:
                controller[key] = self.rng.random() < .5
        return controller

    def node_field(self, node):
        key = self.rng.choice(NODE_KEYS)
        if key == 'frame': node[key] = self.rect()
        elif key in ('layoutMargins', 'contentInset', 'verticalScrollIndicatorInsets', 'horizontalScrollIndicatorInsets'):
            node[key] = self.insets()
        elif key == 'directionalLayoutMargins': node[key] = self.insets(['top', 'leading', 'bottom', 'trailing'])
        elif key == 'viewController': node[key] = self.controller()
        elif key == 'subviews':
            child = {'id': 'f%d' % self.rng.randint(0, 10 ** 6)}
            if node.get('kind') == 'tableView' and self.rng.random() < .7:
                child['kind'] = self.rng.choice(ROW_KINDS)
                if self.rng.random() < .5: child['height'] = abs(self.rng.choice(NUMBERS))
                if self.rng.random() < .3: child['y'] = self.rng.choice(NUMBERS)
                if self.rng.random() < .3: child['subviews'] = [{'id': 'g%d' % self.rng.randint(0, 10 ** 6), 'pin': 'layoutMargins'}]
            elif self.rng.random() < .5: child['frame'] = self.rect()
            if isinstance(node.get(key), list): node[key].append(child)
            else: node[key] = [child]
        elif key == 'kind': node[key] = self.rng.choice(['view', 'scrollView', 'tableView', 'collectionView'] + ROW_KINDS)
        elif key in ('y', 'height'): node[key] = self.rng.choice(NUMBERS)
        elif key == 'style': node[key] = self.rng.choice(['plain', 'grouped', 'insetGrouped'])
        elif key == 'separatorInset': node[key] = {edge: self.rng.choice(NUMBERS) for edge in self.rng.sample(['left', 'right'], self.rng.randint(0, 2))}
        elif key == 'separatorInsetReference': node[key] = self.rng.choice(['fromCellEdges', 'fromAutomaticInsets'])
        elif key == 'layout':
            if self.rng.random() < .5:
                node[key] = {'type': 'flow', 'sectionInsetReference': self.rng.choice(['fromContentInset', 'fromSafeArea', 'fromLayoutMargins']),
                             'sections': [{'sectionInset': self.insets()} for _ in range(self.rng.randint(1, 3))]}
            else:
                references = ['automatic', 'none', 'safeArea', 'layoutMargins', 'readableContent']
                node[key] = {'type': 'compositional', 'contentInsetsReference': self.rng.choice(references),
                             'sections': [{'contentInsets': self.insets(['top', 'leading', 'bottom', 'trailing']),
                                           'contentInsetsReference': self.rng.choice(references)} for _ in range(self.rng.randint(1, 3))]}
        elif key == 'keyboardLayoutGuide':
            node[key] = self.rng.choice([True, False, {'followsUndockedKeyboard': self.rng.random() < .5}, {'usesBottomSafeArea': self.rng.random() < .5}])
        elif key == 'pin':
            node.pop('frame', None)
            node[key] = self.rng.choice(['bounds', 'safeArea', 'layoutMargins', 'readableContent'])
        elif key == 'contentSize': node[key] = {'width': abs(self.rng.choice(NUMBERS)), 'height': abs(self.rng.choice(NUMBERS))}
        elif key == 'contentInsetAdjustmentBehavior': node[key] = self.rng.choice(['automatic', 'scrollableAxes', 'never', 'always'])
        elif key == 'id': node[key] = self.rng.choice(['dup', 'n1', '%sx' % node[key], ''])
        else: node[key] = self.rng.random() < .5

    def scroll_body(self, seed_body):
        """A /scroll body: its own fields swapped for others, valid or not."""
        body = copy.deepcopy(seed_body)
        for _ in range(self.rng.randint(1, 4)):
            r = self.rng.random()
            if r < .15:
                body['contentInsetAdjustmentBehavior'] = self.rng.choice(['automatic', 'scrollableAxes', 'never', 'always'])
            elif r < .25:
                body['systemVersion'] = self.rng.choice([7, 10, 11, 12, 13, 17, 18, 26, 27.1])
            elif r < .45:
                key = self.rng.choice(['contentInset', 'safeAreaInsets', 'verticalScrollIndicatorInsets', 'horizontalScrollIndicatorInsets'])
                body[key] = self.insets()
            elif r < .6:
                key = self.rng.choice(['bounds', 'contentSize'])
                body[key] = {'width': self.rng.choice([0, 100, 320, 375, 812, 2000]), 'height': self.rng.choice([0, 100, 320, 375, 812, 2000])}
            elif r < .7:
                body[self.rng.choice(['alwaysBounceVertical', 'alwaysBounceHorizontal', 'automaticallyAdjustsScrollIndicatorInsets'])] = self.rng.random() < .5
            elif r < .8:
                body['context'] = {key: self.rng.random() < .5 for key in self.rng.sample(
                    ['inNavigationController', 'automaticallyAdjustsScrollViewInsets', 'isContentScrollView'], self.rng.randint(0, 3))}
            elif r < .9:
                # The safe area through a device instead.
                body.pop('safeAreaInsets', None)
                body['device'] = self.rng.choice(self.devices)
                body['frame'] = self.rect()
                if self.rng.random() < .5: body.pop('bounds', None)
                if self.rng.random() < .5: body['navigationBar'] = {'hidden': self.rng.random() < .3}
                if self.rng.random() < .3: body['tabBar'] = {}
            else:
                self.any_member(body, OTHER_KEYS + ['context', 'contentInset', 'kind'])
        return body

    def any_member(self, body, keys):
        """Removes a member of one of the body's objects, or sets one (or an array's element)
        to any value."""
        place = self.rng.choice(containers_of(body))
        if isinstance(place, dict):
            if place and self.rng.random() < .5: place.pop(self.rng.choice(list(place)))
            else: place[self.rng.choice(keys)] = self.value()
        elif place:
            place[self.rng.randrange(len(place))] = self.value()

    def body(self, seed_body):
        body = copy.deepcopy(seed_body)
        for _ in range(self.rng.randint(1, 4)):
            r = self.rng.random()
            if r < .15:
                body['device'] = self.rng.choice(self.devices)
                body.pop('screen', None)
            elif r < .25:
                body['orientation'] = self.rng.choice(['portrait', 'landscapeLeft', 'landscapeRight', 'portraitUpsideDown'])
            elif r < .35:
                body['systemVersion'] = self.rng.choice([7, 9, 10, 10.3, 11, 12, 13, 14, 15, 17, 18, 26, 27, 27.1, 6.9, 100])
            elif r < .37:
                body['statusBarHidden'] = self.rng.random() < .5
            elif r < .4:
                # An iPad window: a Split View preset or a free frame (valid or not).
                body['window'] = self.rng.choice([
                    {'split': self.rng.choice(['oneThird', 'oneHalf', 'twoThirds']), 'side': self.rng.choice(['leading', 'trailing'])},
                    {'split': self.rng.choice(['oneThird', 'twoThirds'])}, {'frame': self.rect()},
                    {'frame': {'x': 0, 'y': self.rng.choice([0, 10, 300]), 'width': self.rng.choice([320, 500, 700]), 'height': 600}}])
            elif r < .45:
                if self.rng.random() < .7:
                    body['layoutDirection'] = self.rng.choice(['leftToRight', 'rightToLeft'])
                else:
                    body['keyboard'] = self.rng.choice([{'height': abs(self.rng.choice(NUMBERS))},
                                                        {'frame': self.rect(), 'docked': self.rng.random() < .5}])
            elif r < .65:
                nodes = nodes_of(body)
                if nodes: self.node_field(self.rng.choice(nodes))
            elif r < .85:
                self.any_member(body, NODE_KEYS + CONTROLLER_KEYS + OTHER_KEYS)
            else:
                lists = [node['subviews'] for node in nodes_of(body) if isinstance(node.get('subviews'), list)]
                if lists: self.rng.shuffle(self.rng.choice(lists))
        return body

    def matrix_body(self, seed_body):
        """A /layout/matrix body: its devices, orientations or versions swapped for others,
        valid or not, then mutated as a /layout body."""
        body = copy.deepcopy(seed_body)
        r = self.rng.random()
        if r < .2:
            body['devices'] = self.rng.sample(self.devices, self.rng.randint(1, 3)) + (['nope'] if self.rng.random() < .1 else [])
        elif r < .25:
            body['devices'] = 'all'
        elif r < .4:
            body['orientations'] = self.rng.sample(['portrait', 'portraitUpsideDown', 'landscapeLeft', 'landscapeRight'], self.rng.randint(1, 4))
        elif r < .55:
            body.pop('systemVersion', None)
            body['systemVersions'] = self.rng.sample([6, 7, 10, 10.3, 11, 13, 17, 18, 26, 27.1], self.rng.randint(1, 3))
        return self.body(body)

    def bytes(self, raw):
        r = self.rng.random()
        if r < .3: return raw[:self.rng.randrange(len(raw))]
        at = self.rng.randrange(len(raw))
        if r < .6: return raw[:at] + bytes([self.rng.randrange(256)]) + raw[at + 1:]
        if r < .8: return raw[:at] + self.rng.choice(BAD_TOKENS) + raw[at:]
        return b'[' * self.rng.randint(1, 3000)


def containers_of(value, found=None):
    found = [] if found is None else found
    if isinstance(value, (dict, list)):
        found.append(value)
        for item in (value.values() if isinstance(value, dict) else value): containers_of(item, found)
    return found


def nodes_of(value, found=None):
    """Every object with an `id` (the nodes, and whatever else a mutation gave one)."""
    found = [] if found is None else found
    if isinstance(value, dict):
        if 'id' in value: found.append(value)
        for item in value.values(): nodes_of(item, found)
    elif isinstance(value, list):
        for item in value: nodes_of(item, found)
    return found


def check_problem(status, content_type, data, raw):
    """A problem+json answer; 400 only for a body that is not JSON (API.md "Errors": a value
    of the wrong JSON type is a 422); each 422 item a pointer and a detail, and a
    `suggestion` only where the detail names it."""
    assert content_type.startswith('application/problem+json'), f'{status} with Content-Type {content_type!r}'
    problem = json.loads(data)
    assert problem.get('status') == status and problem.get('type') and problem.get('title'), f'problem {problem}'
    if status == 400:
        assert not is_json(raw), f'400 for a body that is JSON: {problem}'
    if status == 422:
        for error in problem.get('errors') or []:
            assert isinstance(error.get('pointer'), str) and isinstance(error.get('detail'), str), f'error {error}'
            assert set(error) <= {'pointer', 'detail', 'suggestion'}, f'error {error}'
            if 'suggestion' in error:
                assert f'did you mean {json.dumps(error["suggestion"], ensure_ascii=False)}?' in error['detail'], f'error {error}'


def is_json(raw):
    """Whether `raw` is RFC 8259 JSON in UTF-8 (no NaN or Infinity, no lone surrogate)."""
    def refuse(constant):
        raise ValueError(constant)
    try:
        text = raw.decode('utf-8')
        json.loads(text, parse_constant=refuse)
    except (ValueError, RecursionError):
        return False
    try:
        json.dumps(json.loads(text), ensure_ascii=False).encode('utf-8')
    except UnicodeEncodeError:   # an escaped lone surrogate
        return False
    return True


def close(value, expected, *terms):
    """Equal up to rounding in sums of the size of `expected` and of `terms`."""
    return abs(value - expected) <= 1e-9 * max([1.0, abs(expected)] + [abs(term) for term in terms])


def check_layout(request, answer):
    """Every node answered, and the identities API.md states between a node's fields."""
    parents = {}

    def collect(node):
        for child in node.get('subviews') or []:
            if isinstance(child, dict) and isinstance(child.get('id'), str):
                parents[child['id']] = node['id']
                collect(child)

    collect(request['root'])
    for node_id in [request['root']['id'], *parents]:
        assert node_id in answer['nodes'], f'no result for node {node_id!r}'
    steps = request.get('steps')
    if isinstance(steps, list):
        assert len(answer.get('steps', ())) == len(steps) and 'steps' in answer, \
            f'{len(steps)} steps asked, {answer.get("steps", "no key")!r:.40} answered'
    else:
        assert 'steps' not in answer, 'steps answered to a request without a steps array'
    version = request.get('systemVersion')
    legacy = isinstance(version, (int, float)) and version < 11
    asked = {node['id']: node.get('keyboardLayoutGuide') for node in nodes_of(request['root']) if isinstance(node.get('id'), str)}
    right_to_left = request.get('layoutDirection') == 'rightToLeft'
    for state in [answer['nodes']] + [step['nodes'] for step in answer.get('steps', [])]:
        for node_id, node in state.items():
            check_node(node_id, node, state.get(parents.get(node_id)), legacy, right_to_left)
            check_lists(node_id, node, asked.get(node_id))
        if legacy:
            check_legacy_guides(state)
        else:
            check_consumed(request['root'], state, answer['screen'])


def check_consumed(root, state, screen):
    """RULES.md C2: an edge a scroll view adjusted for (adjustedContentInset above
    contentInset there) stays consumed for everything inside it, child controllers' views
    included, so each of those views' explain carries a scrollViewConsumed entry on that
    edge, and no positive offset after it. A screen-sized controller view away from the
    screen's origin may be frozen (S5) at a value with no entries; its subtree is left out.
    A container whose own view is a scroll view (which UIKit has not) places its content by
    S7 alone: the content does not see the edges that view adjusted."""
    def walk(node, consumed):
        result = state.get(node.get('id'))
        if not isinstance(result, dict): return
        frame, window = result['frame'], result['frameInWindow']
        if consumed and 'viewController' in node and (frame['width'], frame['height']) == (screen['width'], screen['height']) \
                and (window['x'], window['y']) != (0, 0):
            return
        for edge in consumed:
            entries = result['explain'][edge]
            sources = [entry['source'] for entry in entries]
            assert 'scrollViewConsumed' in sources, f'{node["id"]}: explain.{edge} {sources} inside a scroll view that adjusted {edge}'
            # Consumed stays consumed: no child controller's overhang (S5) grows it again.
            last = len(sources) - 1 - sources[::-1].index('scrollViewConsumed')
            grown = [entry['value'] for entry in entries[last + 1:] if entry['source'] == 'offset' and entry['value'] > 0]
            assert not grown, f'{node["id"]}: explain.{edge} {entries}: an offset of {grown[0]} after the edge was consumed'
        inner = set(consumed)
        if 'adjustedContentInset' in result:
            inner |= {edge for edge in EDGES if result['adjustedContentInset'][edge] > result['contentInset'][edge]}
        controller = node.get('viewController')
        container = isinstance(controller, dict) and controller.get('kind') in ('navigation', 'tabBar')
        content = next((child for child in node.get('subviews') or [] if isinstance(child, dict) and 'viewController' in child), None) if container else None
        for child in node.get('subviews') or []:
            if isinstance(child, dict): walk(child, consumed if child is content else inner)
    walk(root, set())


def check_legacy_guides(state):
    """RULES.md's legacy guides count bars only: with no status or navigation bar anywhere
    every topLayoutGuide is 0, and with no toolbar or tab bar every bottomLayoutGuide, however
    far a view overhangs the screen."""
    shown = {name for node in state.values() for name in node.get('bars', {})}
    for edge, bars in (('top', {'statusBar', 'navigationBar'}), ('bottom', {'toolbar', 'tabBar'})):
        if shown & bars: continue
        for node_id, node in state.items():
            guide = node.get(f'{edge}LayoutGuide', 0)
            assert guide == 0, f'{node_id}: {edge}LayoutGuide {guide} with no bar at the {edge} ({sorted(shown)} shown)'


def check_node(node_id, node, parent, legacy, right_to_left):
    frame, window = node['frame'], node['frameInWindow']
    # A scroll view's bounds origin is its contentOffset; any other view's is (0, 0).
    origin = node.get('contentOffset') or {'x': 0, 'y': 0}
    assert close(window['width'], frame['width']) and close(window['height'], frame['height']), f'{node_id}: frameInWindow {window}, frame {frame}'
    if parent is None:
        assert (window['x'], window['y']) == (frame['x'], frame['y']), f'{node_id}: the root\'s frameInWindow {window}, frame {frame}'
    else:
        above, shift = parent['frameInWindow'], dict(parent.get('contentOffset') or {'x': 0, 'y': 0})
        if 'contentView' in parent:
            # A row's subviews are in its content view's coordinates.
            shift = {axis: shift[axis] - parent['contentView']['frame'][axis] for axis in ('x', 'y')}
        for axis in ('x', 'y'):
            expected = above[axis] + frame[axis] - shift[axis]
            assert close(window[axis], expected, above[axis], frame[axis], shift[axis]), f'{node_id}: frameInWindow.{axis} {window[axis]}, expected {expected}'
    guides = [('layoutMarginsGuide', node['layoutMargins'])] + ([] if legacy else [('safeAreaLayoutGuide', node['safeAreaInsets'])])
    for name, insets in guides:
        guide = node[name]
        width = max(0, frame['width'] - insets['left'] - insets['right'])
        height = max(0, frame['height'] - insets['top'] - insets['bottom'])
        assert close(guide['width'], width, frame['width'], insets['left'], insets['right']) \
            and close(guide['height'], height, frame['height'], insets['top'], insets['bottom']), f'{node_id}: {name} {guide}, insets {insets}, frame {frame}'
        if width > 0 and height > 0:
            assert close(guide['x'], origin['x'] + insets['left'], origin['x']) and close(guide['y'], origin['y'] + insets['top'], origin['y']), \
                f'{node_id}: {name} {guide}, bounds origin {origin}, insets {insets}'
    margins, directional = node['layoutMargins'], node['directionalLayoutMargins']
    leading, trailing = (margins['right'], margins['left']) if right_to_left else (margins['left'], margins['right'])
    assert (directional['top'], directional['leading'], directional['bottom'], directional['trailing']) == (margins['top'], leading, margins['bottom'], trailing), \
        f'{node_id}: directionalLayoutMargins {directional}, layoutMargins {margins}'
    if legacy: return
    if 'topLayoutGuide' in node:
        assert (node['topLayoutGuide'], node['bottomLayoutGuide']) == (node['safeAreaInsets']['top'], node['safeAreaInsets']['bottom']), \
            f'{node_id}: layout guides {node["topLayoutGuide"]}, {node["bottomLayoutGuide"]}, safe area {node["safeAreaInsets"]}'
    for edge in EDGES:
        inset, contributions = node['safeAreaInsets'][edge], node['explain'][edge]
        total = sum(entry['value'] for entry in contributions)
        assert inset >= 0, f'{node_id}: safeAreaInsets.{edge} {inset}'
        assert close(total, inset), f'{node_id}: explain.{edge} sums to {total}, inset {inset}'


def check_matrix(request, answer):
    """Each result checked as its /layout answer (check_layout), the screen its window's."""
    assert set(answer) == {'results', 'skipped'}, f'matrix answer keys {sorted(answer)}'
    for result in answer['results']:
        frame = result['window']['frame']
        check_layout(dict(request, systemVersion=result['systemVersion']),
                     {'nodes': result['nodes'], 'screen': {'width': frame['width'], 'height': frame['height']}})
    for skipped in answer['skipped']:
        assert skipped['reason'], f'skipped without a reason: {skipped}'


def check_lists(node_id, node, asked):
    """RULES.md T1, T5, K1–K3: a content view's width is never negative and its height is
    the row's; a separator inset is never negative; a keyboard layout guide that does not
    follow an undocked keyboard ends at the view's bottom."""
    if 'contentView' in node:
        frame = node['contentView']['frame']
        assert frame['width'] >= 0 and frame['height'] == node['frame']['height'], f'{node_id}: contentView {frame}, row {node["frame"]}'
    if 'separatorInset' in node:
        inset = node['separatorInset']
        assert inset['left'] >= 0 and inset['right'] >= 0, f'{node_id}: separatorInset {inset}'
    if 'keyboardLayoutGuide' in node and not (isinstance(asked, dict) and asked.get('followsUndockedKeyboard') is True):
        guide, origin = node['keyboardLayoutGuide'], node.get('contentOffset') or {'x': 0, 'y': 0}
        bottom = origin['y'] + node['frame']['height']
        assert close(guide['y'] + guide['height'], bottom, guide['y'], bottom), f'{node_id}: keyboardLayoutGuide {guide} does not end at the bottom {bottom}'


def check_scroll(request, answer):
    """What API.md states of every /scroll answer, and, in the safe-area model with the safe
    area given, how the adjusted edges use it (rule C1)."""
    adjusted, system = answer['adjustedContentInset'], answer['systemInset']
    offsets = answer['contentOffset']
    assert offsets['initial'] == offsets['min'], f'initial {offsets["initial"]} != min {offsets["min"]}'
    assert offsets['min'] == {'x': -adjusted['left'], 'y': -adjusted['top']}, f'min {offsets["min"]}, adjusted {adjusted}'
    bounds, content = request.get('bounds'), request.get('contentSize') or {}
    for axis, size, edge in (('x', 'width', 'right'), ('y', 'height', 'bottom')):
        assert offsets['max'][axis] >= offsets['min'][axis], f'max.{axis} {offsets["max"][axis]} below min'
        if isinstance(bounds, dict) and isinstance(bounds.get(size), (int, float)) and isinstance(content.get(size, 0), (int, float)):
            expected = max(offsets['min'][axis], (content.get(size) or 0) - bounds[size] + adjusted[edge])
            assert close(offsets['max'][axis], expected), f'max.{axis} {offsets["max"][axis]}, expected {expected}'
    version = request.get('systemVersion')
    given = request.get('safeAreaInsets')
    if (isinstance(version, (int, float)) and version < 11) or not isinstance(given, dict):
        return
    inset = request.get('contentInset') or {}
    for edge in EDGES:
        safe, own = given.get(edge) or 0, inset.get(edge) or 0
        included = edge in answer['adjustedEdges']
        # systemInset is adjusted − contentInset: a safe area far smaller than contentInset
        # is lost in the sum, as in UIKit's own arithmetic.
        tolerance = 1e-9 * max(1.0, abs(own), abs(safe))
        assert abs(system[edge] - (safe if included else 0)) <= tolerance, f'systemInset.{edge} {system[edge]}, safe area {safe}, adjusted: {included}'
        assert abs(adjusted[edge] - (own + system[edge])) <= tolerance, f'adjustedContentInset.{edge} {adjusted[edge]} != {own} + {system[edge]}'
        assert answer['subviewSafeAreaInsets'][edge] == (0 if included else safe), f'subviewSafeAreaInsets.{edge} {answer["subviewSafeAreaInsets"][edge]}'


def escaped_root(raw):
    at = raw.find(b'"root"')
    return None if at < 0 else raw[:at] + b'"\\u0072oot"' + raw[at + 6:]


def main():
    args = sys.argv[1:]
    if not args or args[0].startswith('-'):
        sys.exit(__doc__)
    url, seconds, seed = args[0], float(args[1]) if len(args) > 1 else 15.0, int(args[2]) if len(args) > 2 else 1
    shared = os.environ.get('INSETD_SHARED', os.path.join(os.path.dirname(__file__), '..', 'Tests', 'Shared'))
    if not os.path.isdir(os.path.join(shared, 'scenarios')):
        sys.exit(f'error: {shared}/scenarios is missing')
    server = Server(url)
    answer = server.request('GET', '/devices')
    assert answer and answer[0] == 200, f'GET /devices: {answer}'
    devices = sorted(device['id'] for device in json.loads(answer[2])['devices'])

    seeds = []
    for _, scenario in public_scenarios.load(os.path.join(shared, 'scenarios')):
        request = scenario.get('request', {})
        if request.get('method') == 'POST' and isinstance(request.get('body'), dict):
            seeds.append((request['path'], request['body']))
    for name in sorted(glob.glob(os.path.join(shared, 'bench', '*.json'))):
        body = json.load(open(name))
        if isinstance(body, dict) and 'root' in body: seeds.append(('/layout', body))
    refused = ('device', 'screen', 'orientation', 'steps')
    seeds += [('/layout/matrix', dict({k: v for k, v in body.items() if k not in refused}, devices=['iphone-x', 'ipad-air-11', 'apple-tv-4k']))
              for path, body in list(seeds) if path == '/layout']
    assert seeds, 'no request bodies to start from'

    rng = random.Random(seed)
    mutator = Mutator(rng, devices)
    counts = {'requests': 0, '200': 0, '4xx': 0, 'fast/validating pairs': 0, 'failures': 0}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        path, seed_body = rng.choice(seeds)
        if path == '/scroll': body = mutator.scroll_body(seed_body)
        elif path == '/layout/matrix': body = mutator.matrix_body(seed_body)
        else: body = mutator.body(seed_body)
        raw = json.dumps(body, separators=rng.choice([(',', ':'), (', ', ': ')])).encode()
        garbled = rng.random() < .2
        if garbled: raw = mutator.bytes(raw)
        answer = server.request('POST', path, raw)
        counts['requests'] += 1
        try:
            assert answer is not None, 'no answer (connection failed twice)'
            status, content_type, data = answer
            assert status < 500, f'status {status}: {data[:300]!r}'
            if status >= 400:
                counts['4xx'] += 1
                check_problem(status, content_type, data, raw)
                continue
            assert status == 200, f'status {status}'
            counts['200'] += 1
            result = json.loads(data)
            if garbled: continue
            if path == '/scroll':
                check_scroll(body, result)
                continue
            if path == '/layout/matrix': check_matrix(body, result)
            else: check_layout(body, result)
            variant = escaped_root(raw)
            if variant is not None:
                counts['fast/validating pairs'] += 1
                assert server.request('POST', path, variant) == answer, 'the escaped body got another answer'
        except (AssertionError, ValueError, KeyError, TypeError) as failure:
            counts['failures'] += 1
            if counts['failures'] <= 10:
                print(f'FAIL {path}: {failure}\n  body: {raw[:2000].decode("latin-1")}')
    alive = server.request('GET', '/healthz')
    if not alive or alive[0] != 200:
        counts['failures'] += 1
        print(f'FAIL: GET /healthz after the run: {alive}')
    print(', '.join(f'{value} {name}' for name, value in counts.items()) + f' (seed {seed}, {seconds:g} s)')
    sys.exit(1 if counts['failures'] else 0)


if __name__ == '__main__':
    main()
