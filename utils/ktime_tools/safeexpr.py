"""Safe evaluation of Kernel Tuner expressions.

Kernel Tuner writes restrictions ("block_size_x*block_size_y<=1024"), grid
divisors, problem sizes and parameter value lists ("[16*i for i in
range(1, 17)]") as Python expression strings and runs them through eval().
KernelTime reads such strings from files it did not write, so it never calls
eval(): this module parses the string with the ast module and interprets a
small, side-effect-free subset of Python over a dictionary of parameters:

  numbers, strings, True/False/None, names bound in the parameters,
  + - * / // % ** (exponent at most 4096), unary - + not ~, & | ^ << >>,
  comparisons (chained: a <= b <= c), in / not in, and / or (short-circuit),
  x if c else y, tuples, lists, sets, list comprehensions, and the calls
  min max abs int float round len range sum all any bool str ceil floor
  log2 sqrt prod (the last five as in math / numpy).

Anything else (attribute access, lambdas, imports, subscripts of unknown
objects) is an ExprError naming the expression and the construct, and so is
an evaluation that fails (1 + "a", 1.5**4000, a division by zero through
evaluate()): the expression and Python's reason.
"""

import ast
import math

MAX_EXPONENT = 4096
MAX_RANGE = 1000000


class ExprError(Exception):
    """An expression that does not parse or uses what is not allowed."""


def _prod(values):
    out = 1
    for v in values:
        out *= v
    return out


def _range(*args):
    r = range(*args)
    if len(r) > MAX_RANGE:
        raise ExprError('range of %d elements is too long' % len(r))
    return r


FUNCTIONS = {
    'min': min, 'max': max, 'abs': abs, 'int': int, 'float': float,
    'round': round, 'len': len, 'range': _range, 'sum': sum, 'all': all,
    'any': any, 'bool': bool, 'str': str, 'ceil': math.ceil,
    'floor': math.floor, 'log2': math.log2, 'sqrt': math.sqrt, 'prod': _prod,
}

_BINOPS = {
    ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b, ast.Div: lambda a, b: a / b,
    ast.FloorDiv: lambda a, b: a // b, ast.Mod: lambda a, b: a % b,
    ast.BitAnd: lambda a, b: a & b, ast.BitOr: lambda a, b: a | b,
    ast.BitXor: lambda a, b: a ^ b, ast.LShift: lambda a, b: a << b,
    ast.RShift: lambda a, b: a >> b,
}

_CMPOPS = {
    ast.Lt: lambda a, b: a < b, ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b,
    ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
}


class _Evaluator:
    def __init__(self, text, names):
        self.text = text
        self.scopes = [names]

    def fail(self, what):
        raise ExprError("in '%s': %s" % (self.text, what))

    def lookup(self, name):
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        if name in FUNCTIONS:
            return FUNCTIONS[name]
        self.fail("unknown name '%s'" % name)

    def ev(self, node):
        """NODE's value; ZeroDivisionError passes (params.py lets a
        restriction that divides by zero accept, as Kernel Tuner does)."""
        method = getattr(self, 'ev_' + type(node).__name__, None)
        if method is None:
            self.fail('%s is not allowed' % type(node).__name__)
        try:
            return method(node)
        except OverflowError:
            self.fail('a number is out of range (overflow)')
        except (TypeError, ValueError) as e:
            self.fail(str(e) or type(e).__name__)

    def ev_Expression(self, node):
        return self.ev(node.body)

    def ev_Constant(self, node):
        if isinstance(node.value, (int, float, str, bool, type(None))):
            return node.value
        self.fail('constant %r is not allowed' % (node.value,))

    def ev_Name(self, node):
        return self.lookup(node.id)

    def ev_BinOp(self, node):
        left, right = self.ev(node.left), self.ev(node.right)
        if isinstance(node.op, ast.Pow):
            if isinstance(right, (int, float)) and abs(right) > MAX_EXPONENT:
                self.fail('exponent %r is too large' % right)
            return left ** right
        op = _BINOPS.get(type(node.op))
        if op is None:
            self.fail('operator %s is not allowed' % type(node.op).__name__)
        if isinstance(node.op, ast.LShift) and right > MAX_EXPONENT:
            self.fail('shift %r is too large' % right)
        return op(left, right)

    def ev_UnaryOp(self, node):
        v = self.ev(node.operand)
        if isinstance(node.op, ast.USub):
            return -v
        if isinstance(node.op, ast.UAdd):
            return +v
        if isinstance(node.op, ast.Not):
            return not v
        if isinstance(node.op, ast.Invert):
            return ~v
        self.fail('unary %s is not allowed' % type(node.op).__name__)

    def ev_BoolOp(self, node):
        if isinstance(node.op, ast.And):
            v = True
            for value in node.values:
                v = self.ev(value)
                if not v:
                    return v
            return v
        v = False
        for value in node.values:
            v = self.ev(value)
            if v:
                return v
        return v

    def ev_Compare(self, node):
        left = self.ev(node.left)
        for op, comp in zip(node.ops, node.comparators):
            right = self.ev(comp)
            if not _CMPOPS[type(op)](left, right):
                return False
            left = right
        return True

    def ev_IfExp(self, node):
        return self.ev(node.body) if self.ev(node.test) else self.ev(node.orelse)

    def ev_Tuple(self, node):
        return tuple(self.ev(e) for e in node.elts)

    def ev_List(self, node):
        return [self.ev(e) for e in node.elts]

    def ev_Set(self, node):
        return {self.ev(e) for e in node.elts}

    def ev_Call(self, node):
        if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
            self.fail('only calls of %s are allowed' % ', '.join(sorted(FUNCTIONS)))
        if node.keywords:
            self.fail('keyword arguments are not allowed')
        args = [self.ev(a) for a in node.args]
        try:
            return FUNCTIONS[node.func.id](*args)
        except (ExprError, TypeError, ValueError, OverflowError) as e:
            self.fail('%s(): %s' % (node.func.id, e))

    def ev_ListComp(self, node):
        out = []
        self._comprehend(node, node.generators, out)
        return out

    def _comprehend(self, node, generators, out):
        if not generators:
            out.append(self.ev(node.elt))
            if len(out) > MAX_RANGE:
                self.fail('list comprehension is too long')
            return
        gen = generators[0]
        if gen.is_async or not isinstance(gen.target, ast.Name):
            self.fail('only "for NAME in ..." comprehensions are allowed')
        for value in self.ev(gen.iter):
            self.scopes.append({gen.target.id: value})
            try:
                if all(self.ev(cond) for cond in gen.ifs):
                    self._comprehend(node, generators[1:], out)
            finally:
                self.scopes.pop()


def parse(text):
    """Parse TEXT as a Python expression; ExprError on a syntax error."""
    if not isinstance(text, str):
        raise ExprError('expected an expression string, got %r' % (text,))
    try:
        return ast.parse(text.strip(), mode='eval')
    except SyntaxError as e:
        raise ExprError("in '%s': syntax error: %s" % (text, e.msg))


def evaluate(text, names=None):
    """Value of the expression TEXT with NAMES bound (a dict)."""
    tree = parse(text)
    try:
        return _Evaluator(text, dict(names or {})).ev(tree)
    except ZeroDivisionError:
        raise ExprError("in '%s': division by zero" % text)


def names_in(text):
    """The free names an expression uses (not functions, not loop names)."""
    tree = parse(text)
    bound = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.comprehension) and isinstance(node.target, ast.Name):
            bound.add(node.target.id)
    used = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id not in bound \
                and node.id not in FUNCTIONS and node.id not in used:
            used.append(node.id)
    return used


def value_or_expr(value, names=None):
    """An int/float as is, a string evaluated as an expression."""
    if isinstance(value, bool):
        raise ExprError('expected a number or an expression, got %r' % value)
    if isinstance(value, (int, float)):
        return value
    return evaluate(value, names)
