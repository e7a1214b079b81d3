import { createRequire as __dbgCreateRequire } from 'node:module'; const require = __dbgCreateRequire(import.meta.url);
import {
  BuildNotCountableError,
  CountingUnavailableError,
  InputError,
  PR_NAMESPACES_DIR,
  PR_NAMESPACE_PATTERN,
  ParseError,
  PipelineError,
  RecipeOverridesSchema,
  TimeoutsSchema,
  __commonJS,
  __toESM,
  appendAsUser,
  asUser,
  asUserIn,
  buildAtCommit,
  cacheNamespace,
  childEnv,
  detectCompiler,
  endPullRequestProcesses,
  execa,
  existsAsUser,
  external_exports,
  giveTo,
  jsonPath,
  loadBuiltinRecipe,
  lockRunner,
  mergeRecipe,
  parseBuildSettings,
  processesOfUsers,
  processesUnder,
  readAsUser,
  refuseRunnersOwn,
  removeUserTree,
  require_dist,
  resolveTimeouts,
  runAsUser,
  sizeAsUser,
  tailAsUser,
  unprivilegedUser,
  validate,
  validateYaml,
  variantUser,
  withSettings
} from "./chunk-HHZQ66D3.js";

// node_modules/picomatch/lib/constants.js
var require_constants = __commonJS({
  "node_modules/picomatch/lib/constants.js"(exports2, module) {
    "use strict";
    var WIN_SLASH = "\\\\/";
    var WIN_NO_SLASH = `[^${WIN_SLASH}]`;
    var DEFAULT_MAX_EXTGLOB_RECURSION = 0;
    var DOT_LITERAL = "\\.";
    var PLUS_LITERAL = "\\+";
    var QMARK_LITERAL = "\\?";
    var SLASH_LITERAL = "\\/";
    var ONE_CHAR = "(?=.)";
    var QMARK = "[^/]";
    var END_ANCHOR = `(?:${SLASH_LITERAL}|$)`;
    var START_ANCHOR = `(?:^|${SLASH_LITERAL})`;
    var DOTS_SLASH = `${DOT_LITERAL}{1,2}${END_ANCHOR}`;
    var NO_DOT = `(?!${DOT_LITERAL})`;
    var NO_DOTS = `(?!${START_ANCHOR}${DOTS_SLASH})`;
    var NO_DOT_SLASH = `(?!${DOT_LITERAL}{0,1}${END_ANCHOR})`;
    var NO_DOTS_SLASH = `(?!${DOTS_SLASH})`;
    var QMARK_NO_DOT = `[^.${SLASH_LITERAL}]`;
    var STAR = `${QMARK}*?`;
    var SEP = "/";
    var POSIX_CHARS = {
      DOT_LITERAL,
      PLUS_LITERAL,
      QMARK_LITERAL,
      SLASH_LITERAL,
      ONE_CHAR,
      QMARK,
      END_ANCHOR,
      DOTS_SLASH,
      NO_DOT,
      NO_DOTS,
      NO_DOT_SLASH,
      NO_DOTS_SLASH,
      QMARK_NO_DOT,
      STAR,
      START_ANCHOR,
      SEP
    };
    var WINDOWS_CHARS = {
      ...POSIX_CHARS,
      SLASH_LITERAL: `[${WIN_SLASH}]`,
      QMARK: WIN_NO_SLASH,
      STAR: `${WIN_NO_SLASH}*?`,
      DOTS_SLASH: `${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$)`,
      NO_DOT: `(?!${DOT_LITERAL})`,
      NO_DOTS: `(?!(?:^|[${WIN_SLASH}])${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
      NO_DOT_SLASH: `(?!${DOT_LITERAL}{0,1}(?:[${WIN_SLASH}]|$))`,
      NO_DOTS_SLASH: `(?!${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
      QMARK_NO_DOT: `[^.${WIN_SLASH}]`,
      START_ANCHOR: `(?:^|[${WIN_SLASH}])`,
      END_ANCHOR: `(?:[${WIN_SLASH}]|$)`,
      SEP: "\\"
    };
    var POSIX_REGEX_SOURCE = {
      __proto__: null,
      alnum: "a-zA-Z0-9",
      alpha: "a-zA-Z",
      ascii: "\\x00-\\x7F",
      blank: " \\t",
      cntrl: "\\x00-\\x1F\\x7F",
      digit: "0-9",
      graph: "\\x21-\\x7E",
      lower: "a-z",
      print: "\\x20-\\x7E ",
      punct: "\\-!\"#$%&'()\\*+,./:;<=>?@[\\]^_`{|}~",
      space: " \\t\\r\\n\\v\\f",
      upper: "A-Z",
      word: "A-Za-z0-9_",
      xdigit: "A-Fa-f0-9"
    };
    module.exports = {
      DEFAULT_MAX_EXTGLOB_RECURSION,
      MAX_LENGTH: 1024 * 64,
      POSIX_REGEX_SOURCE,
      // regular expressions
      REGEX_BACKSLASH: /\\(?![*+?^${}(|)[\]])/g,
      REGEX_NON_SPECIAL_CHARS: /^[^@![\].,$*+?^{}()|\\/]+/,
      REGEX_SPECIAL_CHARS: /[-*+?.^${}(|)[\]]/,
      REGEX_SPECIAL_CHARS_BACKREF: /(\\?)((\W)(\3*))/g,
      REGEX_SPECIAL_CHARS_GLOBAL: /([-*+?.^${}(|)[\]])/g,
      REGEX_REMOVE_BACKSLASH: /(?:\[.*?[^\\]\]|\\(?=.))/g,
      // Replace globs with equivalent patterns to reduce parsing time.
      REPLACEMENTS: {
        __proto__: null,
        "***": "*",
        "**/**": "**",
        "**/**/**": "**"
      },
      // Digits
      CHAR_0: 48,
      /* 0 */
      CHAR_9: 57,
      /* 9 */
      // Alphabet chars.
      CHAR_UPPERCASE_A: 65,
      /* A */
      CHAR_LOWERCASE_A: 97,
      /* a */
      CHAR_UPPERCASE_Z: 90,
      /* Z */
      CHAR_LOWERCASE_Z: 122,
      /* z */
      CHAR_LEFT_PARENTHESES: 40,
      /* ( */
      CHAR_RIGHT_PARENTHESES: 41,
      /* ) */
      CHAR_ASTERISK: 42,
      /* * */
      // Non-alphabetic chars.
      CHAR_AMPERSAND: 38,
      /* & */
      CHAR_AT: 64,
      /* @ */
      CHAR_BACKWARD_SLASH: 92,
      /* \ */
      CHAR_CARRIAGE_RETURN: 13,
      /* \r */
      CHAR_CIRCUMFLEX_ACCENT: 94,
      /* ^ */
      CHAR_COLON: 58,
      /* : */
      CHAR_COMMA: 44,
      /* , */
      CHAR_DOT: 46,
      /* . */
      CHAR_DOUBLE_QUOTE: 34,
      /* " */
      CHAR_EQUAL: 61,
      /* = */
      CHAR_EXCLAMATION_MARK: 33,
      /* ! */
      CHAR_FORM_FEED: 12,
      /* \f */
      CHAR_FORWARD_SLASH: 47,
      /* / */
      CHAR_GRAVE_ACCENT: 96,
      /* ` */
      CHAR_HASH: 35,
      /* # */
      CHAR_HYPHEN_MINUS: 45,
      /* - */
      CHAR_LEFT_ANGLE_BRACKET: 60,
      /* < */
      CHAR_LEFT_CURLY_BRACE: 123,
      /* { */
      CHAR_LEFT_SQUARE_BRACKET: 91,
      /* [ */
      CHAR_LINE_FEED: 10,
      /* \n */
      CHAR_NO_BREAK_SPACE: 160,
      /* \u00A0 */
      CHAR_PERCENT: 37,
      /* % */
      CHAR_PLUS: 43,
      /* + */
      CHAR_QUESTION_MARK: 63,
      /* ? */
      CHAR_RIGHT_ANGLE_BRACKET: 62,
      /* > */
      CHAR_RIGHT_CURLY_BRACE: 125,
      /* } */
      CHAR_RIGHT_SQUARE_BRACKET: 93,
      /* ] */
      CHAR_SEMICOLON: 59,
      /* ; */
      CHAR_SINGLE_QUOTE: 39,
      /* ' */
      CHAR_SPACE: 32,
      /*   */
      CHAR_TAB: 9,
      /* \t */
      CHAR_UNDERSCORE: 95,
      /* _ */
      CHAR_VERTICAL_LINE: 124,
      /* | */
      CHAR_ZERO_WIDTH_NOBREAK_SPACE: 65279,
      /* \uFEFF */
      /**
       * Create EXTGLOB_CHARS
       */
      extglobChars(chars) {
        return {
          "!": { type: "negate", open: "(?:(?!(?:", close: `))${chars.STAR})` },
          "?": { type: "qmark", open: "(?:", close: ")?" },
          "+": { type: "plus", open: "(?:", close: ")+" },
          "*": { type: "star", open: "(?:", close: ")*" },
          "@": { type: "at", open: "(?:", close: ")" }
        };
      },
      /**
       * Create GLOB_CHARS
       */
      globChars(win32) {
        return win32 === true ? WINDOWS_CHARS : POSIX_CHARS;
      }
    };
  }
});

// node_modules/picomatch/lib/utils.js
var require_utils = __commonJS({
  "node_modules/picomatch/lib/utils.js"(exports2) {
    "use strict";
    var {
      REGEX_BACKSLASH,
      REGEX_REMOVE_BACKSLASH,
      REGEX_SPECIAL_CHARS,
      REGEX_SPECIAL_CHARS_GLOBAL
    } = require_constants();
    exports2.isObject = (val) => val !== null && typeof val === "object" && !Array.isArray(val);
    exports2.hasRegexChars = (str) => REGEX_SPECIAL_CHARS.test(str);
    exports2.isRegexChar = (str) => str.length === 1 && exports2.hasRegexChars(str);
    exports2.escapeRegex = (str) => str.replace(REGEX_SPECIAL_CHARS_GLOBAL, "\\$1");
    exports2.toPosixSlashes = (str) => str.replace(REGEX_BACKSLASH, "/");
    exports2.isWindows = () => {
      if (typeof navigator !== "undefined" && navigator.platform) {
        const platform = navigator.platform.toLowerCase();
        return platform === "win32" || platform === "windows";
      }
      if (typeof process !== "undefined" && process.platform) {
        return process.platform === "win32";
      }
      return false;
    };
    exports2.removeBackslashes = (str) => {
      return str.replace(REGEX_REMOVE_BACKSLASH, (match) => {
        return match === "\\" ? "" : match;
      });
    };
    exports2.escapeLast = (input, char, lastIdx) => {
      const idx = input.lastIndexOf(char, lastIdx);
      if (idx === -1) return input;
      if (input[idx - 1] === "\\") return exports2.escapeLast(input, char, idx - 1);
      return `${input.slice(0, idx)}\\${input.slice(idx)}`;
    };
    exports2.removePrefix = (input, state = {}) => {
      let output = input;
      if (output.startsWith("./")) {
        output = output.slice(2);
        state.prefix = "./";
      }
      return output;
    };
    exports2.wrapOutput = (input, state = {}, options = {}) => {
      const prepend = options.contains ? "" : "^";
      const append = options.contains ? "" : "$";
      let output = `${prepend}(?:${input})${append}`;
      if (state.negated === true) {
        output = `(?:^(?!${output}).*$)`;
      }
      return output;
    };
    exports2.basename = (path22, { windows } = {}) => {
      const segs = path22.split(windows ? /[\\/]/ : "/");
      const last = segs[segs.length - 1];
      if (last === "") {
        return segs[segs.length - 2];
      }
      return last;
    };
  }
});

// node_modules/picomatch/lib/scan.js
var require_scan = __commonJS({
  "node_modules/picomatch/lib/scan.js"(exports2, module) {
    "use strict";
    var utils = require_utils();
    var {
      CHAR_ASTERISK,
      /* * */
      CHAR_AT,
      /* @ */
      CHAR_BACKWARD_SLASH,
      /* \ */
      CHAR_COMMA,
      /* , */
      CHAR_DOT,
      /* . */
      CHAR_EXCLAMATION_MARK,
      /* ! */
      CHAR_FORWARD_SLASH,
      /* / */
      CHAR_LEFT_CURLY_BRACE,
      /* { */
      CHAR_LEFT_PARENTHESES,
      /* ( */
      CHAR_LEFT_SQUARE_BRACKET,
      /* [ */
      CHAR_PLUS,
      /* + */
      CHAR_QUESTION_MARK,
      /* ? */
      CHAR_RIGHT_CURLY_BRACE,
      /* } */
      CHAR_RIGHT_PARENTHESES,
      /* ) */
      CHAR_RIGHT_SQUARE_BRACKET
      /* ] */
    } = require_constants();
    var isPathSeparator = (code) => {
      return code === CHAR_FORWARD_SLASH || code === CHAR_BACKWARD_SLASH;
    };
    var depth = (token) => {
      if (token.isPrefix !== true) {
        token.depth = token.isGlobstar ? Infinity : 1;
      }
    };
    var scan = (input, options) => {
      const opts = options || {};
      const length = input.length - 1;
      const scanToEnd = opts.parts === true || opts.tokens === true || opts.scanToEnd === true;
      const slashes = [];
      const tokens = [];
      const parts = [];
      let str = input;
      let index = -1;
      let start = 0;
      let lastIndex = 0;
      let isBrace = false;
      let isBracket = false;
      let isGlob = false;
      let isExtglob = false;
      let isGlobstar = false;
      let braceEscaped = false;
      let backslashes = false;
      let negated = false;
      let negatedExtglob = false;
      let finished = false;
      let braces = 0;
      let prev;
      let code;
      let token = { value: "", depth: 0, isGlob: false };
      const eos = () => index >= length;
      const peek = () => str.charCodeAt(index + 1);
      const advance2 = () => {
        prev = code;
        return str.charCodeAt(++index);
      };
      while (index < length) {
        code = advance2();
        let next;
        if (code === CHAR_BACKWARD_SLASH) {
          backslashes = token.backslashes = true;
          code = advance2();
          if (code === CHAR_LEFT_CURLY_BRACE) {
            braceEscaped = true;
          }
          continue;
        }
        if (braceEscaped === true || code === CHAR_LEFT_CURLY_BRACE) {
          braces++;
          while (eos() !== true && (code = advance2())) {
            if (code === CHAR_BACKWARD_SLASH) {
              backslashes = token.backslashes = true;
              advance2();
              continue;
            }
            if (code === CHAR_LEFT_CURLY_BRACE) {
              braces++;
              continue;
            }
            if (braceEscaped !== true && code === CHAR_DOT && (code = advance2()) === CHAR_DOT) {
              isBrace = token.isBrace = true;
              isGlob = token.isGlob = true;
              finished = true;
              if (scanToEnd === true) {
                continue;
              }
              break;
            }
            if (braceEscaped !== true && code === CHAR_COMMA) {
              isBrace = token.isBrace = true;
              isGlob = token.isGlob = true;
              finished = true;
              if (scanToEnd === true) {
                continue;
              }
              break;
            }
            if (code === CHAR_RIGHT_CURLY_BRACE) {
              braces--;
              if (braces === 0) {
                braceEscaped = false;
                isBrace = token.isBrace = true;
                finished = true;
                break;
              }
            }
          }
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_FORWARD_SLASH) {
          slashes.push(index);
          tokens.push(token);
          token = { value: "", depth: 0, isGlob: false };
          if (finished === true) continue;
          if (prev === CHAR_DOT && index === start + 1) {
            start += 2;
            continue;
          }
          lastIndex = index + 1;
          continue;
        }
        if (opts.noext !== true) {
          const isExtglobChar = code === CHAR_PLUS || code === CHAR_AT || code === CHAR_ASTERISK || code === CHAR_QUESTION_MARK || code === CHAR_EXCLAMATION_MARK;
          if (isExtglobChar === true && peek() === CHAR_LEFT_PARENTHESES) {
            isGlob = token.isGlob = true;
            isExtglob = token.isExtglob = true;
            finished = true;
            if (code === CHAR_EXCLAMATION_MARK && index === start) {
              negatedExtglob = true;
            }
            if (scanToEnd === true) {
              let parens = 0;
              while (eos() !== true && (code = advance2())) {
                if (code === CHAR_BACKWARD_SLASH) {
                  backslashes = token.backslashes = true;
                  advance2();
                  continue;
                }
                if (code === CHAR_LEFT_PARENTHESES) {
                  parens++;
                  continue;
                }
                if (code === CHAR_RIGHT_PARENTHESES && --parens === 0) {
                  finished = true;
                  break;
                }
              }
              continue;
            }
            break;
          }
        }
        if (code === CHAR_ASTERISK) {
          if (prev === CHAR_ASTERISK) isGlobstar = token.isGlobstar = true;
          isGlob = token.isGlob = true;
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_QUESTION_MARK) {
          isGlob = token.isGlob = true;
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_LEFT_SQUARE_BRACKET) {
          while (eos() !== true && (next = advance2())) {
            if (next === CHAR_BACKWARD_SLASH) {
              backslashes = token.backslashes = true;
              advance2();
              continue;
            }
            if (next === CHAR_RIGHT_SQUARE_BRACKET) {
              isBracket = token.isBracket = true;
              isGlob = token.isGlob = true;
              finished = true;
              break;
            }
          }
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (opts.nonegate !== true && code === CHAR_EXCLAMATION_MARK && index === start) {
          negated = token.negated = true;
          start++;
          continue;
        }
        if (opts.noparen !== true && code === CHAR_LEFT_PARENTHESES) {
          isGlob = token.isGlob = true;
          if (scanToEnd === true) {
            let parens = 1;
            while (eos() !== true && (code = advance2())) {
              if (code === CHAR_BACKWARD_SLASH) {
                backslashes = token.backslashes = true;
                advance2();
                continue;
              }
              if (code === CHAR_LEFT_PARENTHESES) {
                parens++;
                continue;
              }
              if (code === CHAR_RIGHT_PARENTHESES && --parens === 0) {
                finished = true;
                break;
              }
            }
            continue;
          }
          break;
        }
        if (isGlob === true) {
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
      }
      if (opts.noext === true) {
        isExtglob = false;
        isGlob = false;
      }
      let base = str;
      let prefix = "";
      let glob = "";
      if (start > 0) {
        prefix = str.slice(0, start);
        str = str.slice(start);
        lastIndex -= start;
      }
      if (base && isGlob === true && lastIndex > 0) {
        base = str.slice(0, lastIndex);
        glob = str.slice(lastIndex);
      } else if (isGlob === true) {
        base = "";
        glob = str;
      } else {
        base = str;
      }
      if (base && base !== "" && base !== "/" && base !== str) {
        if (isPathSeparator(base.charCodeAt(base.length - 1))) {
          base = base.slice(0, -1);
        }
      }
      if (opts.unescape === true) {
        if (glob) glob = utils.removeBackslashes(glob);
        if (base && backslashes === true) {
          base = utils.removeBackslashes(base);
        }
      }
      const state = {
        prefix,
        input,
        start,
        base,
        glob,
        isBrace,
        isBracket,
        isGlob,
        isExtglob,
        isGlobstar,
        negated,
        negatedExtglob
      };
      if (opts.tokens === true) {
        state.maxDepth = 0;
        if (!isPathSeparator(code)) {
          tokens.push(token);
        }
        state.tokens = tokens;
      }
      if (opts.parts === true || opts.tokens === true) {
        let prevIndex;
        for (let idx = 0; idx < slashes.length; idx++) {
          const n2 = prevIndex !== void 0 ? prevIndex + 1 : start;
          const i = slashes[idx];
          const value2 = input.slice(n2, i);
          if (opts.tokens) {
            if (idx === 0 && start !== 0) {
              tokens[idx].isPrefix = true;
              tokens[idx].value = prefix;
            } else {
              tokens[idx].value = value2;
            }
            depth(tokens[idx]);
            state.maxDepth += tokens[idx].depth;
          }
          if (i >= start) {
            parts.push(value2);
            prevIndex = i;
          }
        }
        const n = prevIndex !== void 0 ? prevIndex + 1 : start;
        const value = input.slice(n);
        parts.push(value);
        if (opts.tokens && prevIndex && prevIndex + 1 < input.length) {
          tokens[tokens.length - 1].value = value;
          depth(tokens[tokens.length - 1]);
          state.maxDepth += tokens[tokens.length - 1].depth;
        }
        state.slashes = slashes;
        state.parts = parts;
      }
      return state;
    };
    module.exports = scan;
  }
});

// node_modules/picomatch/lib/parse.js
var require_parse = __commonJS({
  "node_modules/picomatch/lib/parse.js"(exports2, module) {
    "use strict";
    var constants = require_constants();
    var utils = require_utils();
    var {
      MAX_LENGTH,
      POSIX_REGEX_SOURCE,
      REGEX_NON_SPECIAL_CHARS,
      REGEX_SPECIAL_CHARS_BACKREF,
      REPLACEMENTS
    } = constants;
    var expandRange = (args, options) => {
      if (typeof options.expandRange === "function") {
        return options.expandRange(...args, options);
      }
      args.sort();
      const value = `[${args.join("-")}]`;
      try {
        new RegExp(value);
      } catch (ex) {
        return args.map((v) => utils.escapeRegex(v)).join("..");
      }
      return value;
    };
    var syntaxError = (type, char) => {
      return `Missing ${type}: "${char}" - use "\\\\${char}" to match literal characters`;
    };
    var splitTopLevel = (input) => {
      const parts = [];
      let bracket = 0;
      let paren = 0;
      let quote = 0;
      let value = "";
      let escaped = false;
      for (const ch of input) {
        if (escaped === true) {
          value += ch;
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          value += ch;
          escaped = true;
          continue;
        }
        if (ch === '"') {
          quote = quote === 1 ? 0 : 1;
          value += ch;
          continue;
        }
        if (quote === 0) {
          if (ch === "[") {
            bracket++;
          } else if (ch === "]" && bracket > 0) {
            bracket--;
          } else if (bracket === 0) {
            if (ch === "(") {
              paren++;
            } else if (ch === ")" && paren > 0) {
              paren--;
            } else if (ch === "|" && paren === 0) {
              parts.push(value);
              value = "";
              continue;
            }
          }
        }
        value += ch;
      }
      parts.push(value);
      return parts;
    };
    var isPlainBranch = (branch) => {
      let escaped = false;
      for (const ch of branch) {
        if (escaped === true) {
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          escaped = true;
          continue;
        }
        if (/[?*+@!()[\]{}]/.test(ch)) {
          return false;
        }
      }
      return true;
    };
    var normalizeSimpleBranch = (branch) => {
      let value = branch.trim();
      let changed = true;
      while (changed === true) {
        changed = false;
        if (/^@\([^\\()[\]{}|]+\)$/.test(value)) {
          value = value.slice(2, -1);
          changed = true;
        }
      }
      if (!isPlainBranch(value)) {
        return;
      }
      return value.replace(/\\(.)/g, "$1");
    };
    var hasRepeatedCharPrefixOverlap = (branches) => {
      const values = branches.map(normalizeSimpleBranch).filter(Boolean);
      for (let i = 0; i < values.length; i++) {
        for (let j = i + 1; j < values.length; j++) {
          const a = values[i];
          const b = values[j];
          const char = a[0];
          if (!char || a !== char.repeat(a.length) || b !== char.repeat(b.length)) {
            continue;
          }
          if (a === b || a.startsWith(b) || b.startsWith(a)) {
            return true;
          }
        }
      }
      return false;
    };
    var parseRepeatedExtglob = (pattern, requireEnd = true) => {
      if (pattern[0] !== "+" && pattern[0] !== "*" || pattern[1] !== "(") {
        return;
      }
      let bracket = 0;
      let paren = 0;
      let quote = 0;
      let escaped = false;
      for (let i = 1; i < pattern.length; i++) {
        const ch = pattern[i];
        if (escaped === true) {
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          escaped = true;
          continue;
        }
        if (ch === '"') {
          quote = quote === 1 ? 0 : 1;
          continue;
        }
        if (quote === 1) {
          continue;
        }
        if (ch === "[") {
          bracket++;
          continue;
        }
        if (ch === "]" && bracket > 0) {
          bracket--;
          continue;
        }
        if (bracket > 0) {
          continue;
        }
        if (ch === "(") {
          paren++;
          continue;
        }
        if (ch === ")") {
          paren--;
          if (paren === 0) {
            if (requireEnd === true && i !== pattern.length - 1) {
              return;
            }
            return {
              type: pattern[0],
              body: pattern.slice(2, i),
              end: i
            };
          }
        }
      }
    };
    var buildCharClassStar = (chars) => {
      const source = chars.length === 1 ? utils.escapeRegex(chars[0]) : `[${chars.map((ch) => utils.escapeRegex(ch)).join("")}]`;
      return `${source}*`;
    };
    var getStarExtglobSequenceChars = (pattern) => {
      let index = 0;
      const chars = [];
      while (index < pattern.length) {
        const match = parseRepeatedExtglob(pattern.slice(index), false);
        if (!match || match.type !== "*") {
          return;
        }
        const branches = splitTopLevel(match.body).map((branch2) => branch2.trim());
        if (branches.length !== 1) {
          return;
        }
        const branch = normalizeSimpleBranch(branches[0]);
        if (!branch || branch.length !== 1) {
          return;
        }
        chars.push(branch);
        index += match.end + 1;
      }
      if (chars.length < 1) {
        return;
      }
      return chars;
    };
    var repeatedExtglobRecursion = (pattern) => {
      let depth = 0;
      let value = pattern.trim();
      let match = parseRepeatedExtglob(value);
      while (match) {
        depth++;
        value = match.body.trim();
        match = parseRepeatedExtglob(value);
      }
      return depth;
    };
    var analyzeRepeatedExtglob = (body, options) => {
      if (options.maxExtglobRecursion === false) {
        return { risky: false };
      }
      const max2 = typeof options.maxExtglobRecursion === "number" ? options.maxExtglobRecursion : constants.DEFAULT_MAX_EXTGLOB_RECURSION;
      const branches = splitTopLevel(body).map((branch) => branch.trim());
      if (branches.length > 1) {
        if (branches.some((branch) => branch === "") || branches.some((branch) => /^[*?]+$/.test(branch)) || hasRepeatedCharPrefixOverlap(branches)) {
          return { risky: true };
        }
      }
      const safeChars = [];
      let sawStarSequence = false;
      let combinable = true;
      for (const branch of branches) {
        const chars = getStarExtglobSequenceChars(branch);
        if (chars) {
          sawStarSequence = true;
          safeChars.push(...chars);
          continue;
        }
        const literal = normalizeSimpleBranch(branch);
        if (literal && literal.length === 1) {
          safeChars.push(literal);
          continue;
        }
        combinable = false;
        if (repeatedExtglobRecursion(branch) > max2) {
          return { risky: true };
        }
      }
      if (sawStarSequence) {
        return combinable ? { risky: true, safeOutput: buildCharClassStar([...new Set(safeChars)]) } : { risky: true };
      }
      return { risky: false };
    };
    var parse = (input, options) => {
      if (typeof input !== "string") {
        throw new TypeError("Expected a string");
      }
      input = REPLACEMENTS[input] || input;
      const opts = { ...options };
      const max2 = typeof opts.maxLength === "number" ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;
      let len = input.length;
      if (len > max2) {
        throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max2}`);
      }
      const bos = { type: "bos", value: "", output: opts.prepend || "" };
      const tokens = [bos];
      const capture = opts.capture ? "" : "?:";
      const PLATFORM_CHARS = constants.globChars(opts.windows);
      const EXTGLOB_CHARS = constants.extglobChars(PLATFORM_CHARS);
      const {
        DOT_LITERAL,
        PLUS_LITERAL,
        SLASH_LITERAL,
        ONE_CHAR,
        DOTS_SLASH,
        NO_DOT,
        NO_DOT_SLASH,
        NO_DOTS_SLASH,
        QMARK,
        QMARK_NO_DOT,
        STAR,
        START_ANCHOR
      } = PLATFORM_CHARS;
      const globstar = (opts2) => {
        return `(${capture}(?:(?!${START_ANCHOR}${opts2.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
      };
      const nodot = opts.dot ? "" : NO_DOT;
      const qmarkNoDot = opts.dot ? QMARK : QMARK_NO_DOT;
      let star = opts.bash === true ? globstar(opts) : STAR;
      if (opts.capture) {
        star = `(${star})`;
      }
      if (typeof opts.noext === "boolean") {
        opts.noextglob = opts.noext;
      }
      const state = {
        input,
        index: -1,
        start: 0,
        dot: opts.dot === true,
        consumed: "",
        output: "",
        prefix: "",
        backtrack: false,
        negated: false,
        brackets: 0,
        braces: 0,
        parens: 0,
        quotes: 0,
        globstar: false,
        tokens
      };
      input = utils.removePrefix(input, state);
      len = input.length;
      const extglobs = [];
      const braces = [];
      const stack = [];
      let prev = bos;
      let value;
      const eos = () => state.index === len - 1;
      const peek = state.peek = (n = 1) => input[state.index + n];
      const advance2 = state.advance = () => input[++state.index] || "";
      const remaining = () => input.slice(state.index + 1);
      const consume = (value2 = "", num = 0) => {
        state.consumed += value2;
        state.index += num;
      };
      const append = (token) => {
        state.output += token.output != null ? token.output : token.value;
        consume(token.value);
      };
      const negate = () => {
        let count = 1;
        while (peek() === "!" && (peek(2) !== "(" || peek(3) === "?")) {
          advance2();
          state.start++;
          count++;
        }
        if (count % 2 === 0) {
          return false;
        }
        state.negated = true;
        state.start++;
        return true;
      };
      const increment = (type) => {
        state[type]++;
        stack.push(type);
      };
      const decrement = (type) => {
        state[type]--;
        stack.pop();
      };
      const push = (tok) => {
        if (prev.type === "globstar") {
          const isBrace = state.braces > 0 && (tok.type === "comma" || tok.type === "brace");
          const isExtglob = tok.extglob === true || extglobs.length && (tok.type === "pipe" || tok.type === "paren");
          if (tok.type !== "slash" && tok.type !== "paren" && !isBrace && !isExtglob) {
            state.output = state.output.slice(0, -prev.output.length);
            prev.type = "star";
            prev.value = "*";
            prev.output = star;
            state.output += prev.output;
          }
        }
        if (extglobs.length && tok.type !== "paren") {
          extglobs[extglobs.length - 1].inner += tok.value;
        }
        if (tok.value || tok.output) append(tok);
        if (prev && prev.type === "text" && tok.type === "text") {
          prev.output = (prev.output || prev.value) + tok.value;
          prev.value += tok.value;
          return;
        }
        tok.prev = prev;
        tokens.push(tok);
        prev = tok;
      };
      const extglobOpen = (type, value2) => {
        const token = { ...EXTGLOB_CHARS[value2], conditions: 1, inner: "" };
        token.prev = prev;
        token.parens = state.parens;
        token.output = state.output;
        token.startIndex = state.index;
        token.tokensIndex = tokens.length;
        const output = (opts.capture ? "(" : "") + token.open;
        increment("parens");
        push({ type, value: value2, output: state.output ? "" : ONE_CHAR });
        push({ type: "paren", extglob: true, value: advance2(), output });
        extglobs.push(token);
      };
      const extglobClose = (token) => {
        const literal = input.slice(token.startIndex, state.index + 1);
        const body = input.slice(token.startIndex + 2, state.index);
        const analysis = analyzeRepeatedExtglob(body, opts);
        if ((token.type === "plus" || token.type === "star") && analysis.risky) {
          const safeOutput = analysis.safeOutput ? (token.output ? "" : ONE_CHAR) + (opts.capture ? `(${analysis.safeOutput})` : analysis.safeOutput) : void 0;
          const open2 = tokens[token.tokensIndex];
          open2.type = "text";
          open2.value = literal;
          open2.output = safeOutput || utils.escapeRegex(literal);
          for (let i = token.tokensIndex + 1; i < tokens.length; i++) {
            tokens[i].value = "";
            tokens[i].output = "";
            delete tokens[i].suffix;
          }
          state.output = token.output + open2.output;
          state.backtrack = true;
          push({ type: "paren", extglob: true, value, output: "" });
          decrement("parens");
          return;
        }
        let output = token.close + (opts.capture ? ")" : "");
        let rest;
        if (token.type === "negate") {
          let extglobStar = star;
          if (token.inner && token.inner.length > 1 && token.inner.includes("/")) {
            extglobStar = globstar(opts);
          }
          if (extglobStar !== star || eos() || /^\)+$/.test(remaining())) {
            output = token.close = `)$))${extglobStar}`;
          }
          if (token.inner.includes("*") && (rest = remaining()) && /^\.[^\\/.]+$/.test(rest)) {
            const expression = parse(rest, { ...options, fastpaths: false }).output;
            output = token.close = `)${expression})${extglobStar})`;
          }
          if (token.prev.type === "bos") {
            state.negatedExtglob = true;
          }
        }
        push({ type: "paren", extglob: true, value, output });
        decrement("parens");
      };
      if (opts.fastpaths !== false && !/(^[*!]|[/()[\]{}"])/.test(input)) {
        let backslashes = false;
        let output = input.replace(REGEX_SPECIAL_CHARS_BACKREF, (m, esc, chars, first2, rest, index) => {
          if (first2 === "\\") {
            backslashes = true;
            return m;
          }
          if (first2 === "?") {
            if (esc) {
              return esc + first2 + (rest ? QMARK.repeat(rest.length) : "");
            }
            if (index === 0) {
              return qmarkNoDot + (rest ? QMARK.repeat(rest.length) : "");
            }
            return QMARK.repeat(chars.length);
          }
          if (first2 === ".") {
            return DOT_LITERAL.repeat(chars.length);
          }
          if (first2 === "*") {
            if (esc) {
              return esc + first2 + (rest ? star : "");
            }
            return star;
          }
          return esc ? m : `\\${m}`;
        });
        if (backslashes === true) {
          if (opts.unescape === true) {
            output = output.replace(/\\/g, "");
          } else {
            output = output.replace(/\\+/g, (m) => {
              return m.length % 2 === 0 ? "\\\\" : m ? "\\" : "";
            });
          }
        }
        if (output === input && opts.contains === true) {
          state.output = input;
          return state;
        }
        state.output = utils.wrapOutput(output, state, options);
        return state;
      }
      while (!eos()) {
        value = advance2();
        if (value === "\0") {
          continue;
        }
        if (value === "\\") {
          const next = peek();
          if (next === "/" && opts.bash !== true) {
            continue;
          }
          if (next === "." || next === ";") {
            continue;
          }
          if (!next) {
            value += "\\";
            push({ type: "text", value });
            continue;
          }
          const match = /^\\+/.exec(remaining());
          let slashes = 0;
          if (match && match[0].length > 2) {
            slashes = match[0].length;
            state.index += slashes;
            if (slashes % 2 !== 0) {
              value += "\\";
            }
          }
          if (opts.unescape === true) {
            value = advance2();
          } else {
            value += advance2();
          }
          if (state.brackets === 0) {
            push({ type: "text", value });
            continue;
          }
        }
        if (state.brackets > 0 && (value !== "]" || prev.value === "[" || prev.value === "[^")) {
          if (opts.posix !== false && value === ":") {
            const inner = prev.value.slice(1);
            if (inner.includes("[")) {
              prev.posix = true;
              if (inner.includes(":")) {
                const idx = prev.value.lastIndexOf("[");
                const pre = prev.value.slice(0, idx);
                const rest2 = prev.value.slice(idx + 2);
                const posix = POSIX_REGEX_SOURCE[rest2];
                if (posix) {
                  prev.value = pre + posix;
                  state.backtrack = true;
                  advance2();
                  if (!bos.output && tokens.indexOf(prev) === 1) {
                    bos.output = ONE_CHAR;
                  }
                  continue;
                }
              }
            }
          }
          if (value === "[" && peek() !== ":" || value === "-" && peek() === "]") {
            value = `\\${value}`;
          }
          if (value === "]" && (prev.value === "[" || prev.value === "[^")) {
            value = `\\${value}`;
          }
          if (opts.posix === true && value === "!" && prev.value === "[") {
            value = "^";
          }
          prev.value += value;
          append({ value });
          continue;
        }
        if (state.quotes === 1 && value !== '"') {
          value = utils.escapeRegex(value);
          prev.value += value;
          append({ value });
          continue;
        }
        if (value === '"') {
          state.quotes = state.quotes === 1 ? 0 : 1;
          if (opts.keepQuotes === true) {
            push({ type: "text", value });
          }
          continue;
        }
        if (value === "(") {
          increment("parens");
          push({ type: "paren", value });
          continue;
        }
        if (value === ")") {
          if (state.parens === 0 && opts.strictBrackets === true) {
            throw new SyntaxError(syntaxError("opening", "("));
          }
          const extglob = extglobs[extglobs.length - 1];
          if (extglob && state.parens === extglob.parens + 1) {
            extglobClose(extglobs.pop());
            continue;
          }
          push({ type: "paren", value, output: state.parens ? ")" : "\\)" });
          decrement("parens");
          continue;
        }
        if (value === "[") {
          if (opts.nobracket === true || !remaining().includes("]")) {
            if (opts.nobracket !== true && opts.strictBrackets === true) {
              throw new SyntaxError(syntaxError("closing", "]"));
            }
            value = `\\${value}`;
          } else {
            increment("brackets");
          }
          push({ type: "bracket", value });
          continue;
        }
        if (value === "]") {
          if (opts.nobracket === true || prev && prev.type === "bracket" && prev.value.length === 1) {
            push({ type: "text", value, output: `\\${value}` });
            continue;
          }
          if (state.brackets === 0) {
            if (opts.strictBrackets === true) {
              throw new SyntaxError(syntaxError("opening", "["));
            }
            push({ type: "text", value, output: `\\${value}` });
            continue;
          }
          decrement("brackets");
          const prevValue = prev.value.slice(1);
          if (prev.posix !== true && prevValue[0] === "^" && !prevValue.includes("/")) {
            value = `/${value}`;
          }
          prev.value += value;
          append({ value });
          if (opts.literalBrackets === false || utils.hasRegexChars(prevValue)) {
            continue;
          }
          const escaped = utils.escapeRegex(prev.value);
          state.output = state.output.slice(0, -prev.value.length);
          if (opts.literalBrackets === true) {
            state.output += escaped;
            prev.value = escaped;
            continue;
          }
          prev.value = `(${capture}${escaped}|${prev.value})`;
          state.output += prev.value;
          continue;
        }
        if (value === "{" && opts.nobrace !== true) {
          increment("braces");
          const open2 = {
            type: "brace",
            value,
            output: "(",
            outputIndex: state.output.length,
            tokensIndex: state.tokens.length
          };
          braces.push(open2);
          push(open2);
          continue;
        }
        if (value === "}") {
          const brace = braces[braces.length - 1];
          if (opts.nobrace === true || !brace) {
            push({ type: "text", value, output: value });
            continue;
          }
          let output = ")";
          if (brace.dots === true) {
            const arr = tokens.slice();
            const range = [];
            for (let i = arr.length - 1; i >= 0; i--) {
              tokens.pop();
              if (arr[i].type === "brace") {
                break;
              }
              if (arr[i].type !== "dots") {
                range.unshift(arr[i].value);
              }
            }
            output = expandRange(range, opts);
            state.backtrack = true;
          }
          if (brace.comma !== true && brace.dots !== true) {
            const out = state.output.slice(0, brace.outputIndex);
            const toks = state.tokens.slice(brace.tokensIndex);
            brace.value = brace.output = "\\{";
            value = output = "\\}";
            state.output = out;
            for (const t of toks) {
              state.output += t.output || t.value;
            }
          }
          push({ type: "brace", value, output });
          decrement("braces");
          braces.pop();
          continue;
        }
        if (value === "|") {
          if (extglobs.length > 0) {
            extglobs[extglobs.length - 1].conditions++;
          }
          push({ type: "text", value });
          continue;
        }
        if (value === ",") {
          let output = value;
          const brace = braces[braces.length - 1];
          if (brace && stack[stack.length - 1] === "braces") {
            brace.comma = true;
            output = "|";
          }
          push({ type: "comma", value, output });
          continue;
        }
        if (value === "/") {
          if (prev.type === "dot" && state.index === state.start + 1) {
            state.start = state.index + 1;
            state.consumed = "";
            state.output = "";
            tokens.pop();
            prev = bos;
            continue;
          }
          push({ type: "slash", value, output: SLASH_LITERAL });
          continue;
        }
        if (value === ".") {
          if (state.braces > 0 && prev.type === "dot") {
            if (prev.value === ".") prev.output = DOT_LITERAL;
            const brace = braces[braces.length - 1];
            prev.type = "dots";
            prev.output += value;
            prev.value += value;
            brace.dots = true;
            continue;
          }
          if (state.braces + state.parens === 0 && prev.type !== "bos" && prev.type !== "slash") {
            push({ type: "text", value, output: DOT_LITERAL });
            continue;
          }
          push({ type: "dot", value, output: DOT_LITERAL });
          continue;
        }
        if (value === "?") {
          const isGroup = prev && prev.value === "(";
          if (!isGroup && opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            extglobOpen("qmark", value);
            continue;
          }
          if (prev && prev.type === "paren") {
            const next = peek();
            let output = value;
            if (prev.value === "(" && !/[!=<:]/.test(next) || next === "<" && !/<([!=]|\w+>)/.test(remaining())) {
              output = `\\${value}`;
            }
            push({ type: "text", value, output });
            continue;
          }
          if (opts.dot !== true && (prev.type === "slash" || prev.type === "bos")) {
            push({ type: "qmark", value, output: QMARK_NO_DOT });
            continue;
          }
          push({ type: "qmark", value, output: QMARK });
          continue;
        }
        if (value === "!") {
          if (opts.noextglob !== true && peek() === "(") {
            if (peek(2) !== "?" || !/[!=<:]/.test(peek(3))) {
              extglobOpen("negate", value);
              continue;
            }
          }
          if (opts.nonegate !== true && state.index === 0) {
            negate();
            continue;
          }
        }
        if (value === "+") {
          if (opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            extglobOpen("plus", value);
            continue;
          }
          if (prev && prev.value === "(" || opts.regex === false) {
            push({ type: "plus", value, output: PLUS_LITERAL });
            continue;
          }
          if (prev && (prev.type === "bracket" || prev.type === "paren" || prev.type === "brace") || state.parens > 0) {
            push({ type: "plus", value });
            continue;
          }
          push({ type: "plus", value: PLUS_LITERAL });
          continue;
        }
        if (value === "@") {
          if (opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            push({ type: "at", extglob: true, value, output: "" });
            continue;
          }
          push({ type: "text", value });
          continue;
        }
        if (value !== "*") {
          if (value === "$" || value === "^") {
            value = `\\${value}`;
          }
          const match = REGEX_NON_SPECIAL_CHARS.exec(remaining());
          if (match) {
            value += match[0];
            state.index += match[0].length;
          }
          push({ type: "text", value });
          continue;
        }
        if (prev && (prev.type === "globstar" || prev.star === true)) {
          prev.type = "star";
          prev.star = true;
          prev.value += value;
          prev.output = star;
          state.backtrack = true;
          state.globstar = true;
          consume(value);
          continue;
        }
        let rest = remaining();
        if (opts.noextglob !== true && /^\([^?]/.test(rest)) {
          extglobOpen("star", value);
          continue;
        }
        if (prev.type === "star") {
          if (opts.noglobstar === true) {
            consume(value);
            continue;
          }
          const prior = prev.prev;
          const before = prior.prev;
          const isStart = prior.type === "slash" || prior.type === "bos";
          const afterStar = before && (before.type === "star" || before.type === "globstar");
          if (opts.bash === true && (!isStart || rest[0] && rest[0] !== "/")) {
            push({ type: "star", value, output: "" });
            continue;
          }
          const isBrace = state.braces > 0 && (prior.type === "comma" || prior.type === "brace");
          const isExtglob = extglobs.length && (prior.type === "pipe" || prior.type === "paren");
          if (!isStart && prior.type !== "paren" && !isBrace && !isExtglob) {
            push({ type: "star", value, output: "" });
            continue;
          }
          while (rest.slice(0, 3) === "/**") {
            const after = input[state.index + 4];
            if (after && after !== "/") {
              break;
            }
            rest = rest.slice(3);
            consume("/**", 3);
          }
          const isEnd = eos() || state.parens > 0 && rest === ")".repeat(state.parens) && !extglobs.some((extglob) => extglob.type === "negate");
          if (prior.type === "bos" && eos()) {
            prev.type = "globstar";
            prev.value += value;
            prev.output = globstar(opts);
            state.output = prev.output;
            state.globstar = true;
            consume(value);
            continue;
          }
          if (prior.type === "slash" && prior.prev.type !== "bos" && !afterStar && isEnd) {
            state.output = state.output.slice(0, -(prior.output + prev.output).length);
            prior.output = `(?:${prior.output}`;
            prev.type = "globstar";
            prev.output = globstar(opts) + (opts.strictSlashes ? ")" : "|$)");
            prev.value += value;
            state.globstar = true;
            state.output += prior.output + prev.output;
            consume(value);
            continue;
          }
          if (prior.type === "slash" && prior.prev.type !== "bos" && rest[0] === "/") {
            const end = rest[1] !== void 0 ? "|$" : "";
            state.output = state.output.slice(0, -(prior.output + prev.output).length);
            prior.output = `(?:${prior.output}`;
            prev.type = "globstar";
            prev.output = `${globstar(opts)}${SLASH_LITERAL}|${SLASH_LITERAL}${end})`;
            prev.value += value;
            state.output += prior.output + prev.output;
            state.globstar = true;
            consume(value + advance2());
            push({ type: "slash", value: "/", output: "" });
            continue;
          }
          if (prior.type === "bos" && rest[0] === "/") {
            prev.type = "globstar";
            prev.value += value;
            prev.output = `(?:^|${SLASH_LITERAL}|${globstar(opts)}${SLASH_LITERAL})`;
            state.output = prev.output;
            state.globstar = true;
            consume(value + advance2());
            push({ type: "slash", value: "/", output: "" });
            continue;
          }
          state.output = state.output.slice(0, -prev.output.length);
          prev.type = "globstar";
          prev.output = globstar(opts);
          prev.value += value;
          state.output += prev.output;
          state.globstar = true;
          consume(value);
          continue;
        }
        const token = { type: "star", value, output: star };
        if (opts.bash === true) {
          token.output = ".*?";
          if (prev.type === "bos" || prev.type === "slash") {
            token.output = nodot + token.output;
          }
          push(token);
          continue;
        }
        if (prev && (prev.type === "bracket" || prev.type === "paren") && opts.regex === true) {
          token.output = value;
          push(token);
          continue;
        }
        if (state.index === state.start || prev.type === "slash" || prev.type === "dot") {
          if (prev.type === "dot") {
            state.output += NO_DOT_SLASH;
            prev.output += NO_DOT_SLASH;
          } else if (opts.dot === true) {
            state.output += NO_DOTS_SLASH;
            prev.output += NO_DOTS_SLASH;
          } else {
            state.output += nodot;
            prev.output += nodot;
          }
          if (peek() !== "*") {
            state.output += ONE_CHAR;
            prev.output += ONE_CHAR;
          }
        }
        push(token);
      }
      while (state.brackets > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", "]"));
        state.output = utils.escapeLast(state.output, "[");
        decrement("brackets");
      }
      while (state.parens > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", ")"));
        state.output = utils.escapeLast(state.output, "(");
        decrement("parens");
      }
      while (state.braces > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", "}"));
        state.output = utils.escapeLast(state.output, "{");
        decrement("braces");
      }
      if (opts.strictSlashes !== true && (prev.type === "star" || prev.type === "bracket")) {
        push({ type: "maybe_slash", value: "", output: `${SLASH_LITERAL}?` });
      }
      if (state.backtrack === true) {
        state.output = "";
        for (const token of state.tokens) {
          state.output += token.output != null ? token.output : token.value;
          if (token.suffix) {
            state.output += token.suffix;
          }
        }
      }
      return state;
    };
    parse.fastpaths = (input, options) => {
      const opts = { ...options };
      const max2 = typeof opts.maxLength === "number" ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;
      const len = input.length;
      if (len > max2) {
        throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max2}`);
      }
      input = REPLACEMENTS[input] || input;
      const {
        DOT_LITERAL,
        SLASH_LITERAL,
        ONE_CHAR,
        DOTS_SLASH,
        NO_DOT,
        NO_DOTS,
        NO_DOTS_SLASH,
        STAR,
        START_ANCHOR
      } = constants.globChars(opts.windows);
      const nodot = opts.dot ? NO_DOTS : NO_DOT;
      const slashDot = opts.dot ? NO_DOTS_SLASH : NO_DOT;
      const capture = opts.capture ? "" : "?:";
      const state = { negated: false, prefix: "" };
      let star = opts.bash === true ? ".*?" : STAR;
      if (opts.capture) {
        star = `(${star})`;
      }
      const globstar = (opts2) => {
        if (opts2.noglobstar === true) return star;
        return `(${capture}(?:(?!${START_ANCHOR}${opts2.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
      };
      const create = (str) => {
        switch (str) {
          case "*":
            return `${nodot}${ONE_CHAR}${star}`;
          case ".*":
            return `${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "*.*":
            return `${nodot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "*/*":
            return `${nodot}${star}${SLASH_LITERAL}${ONE_CHAR}${slashDot}${star}`;
          case "**":
            return nodot + globstar(opts);
          case "**/*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${ONE_CHAR}${star}`;
          case "**/*.*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "**/.*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${DOT_LITERAL}${ONE_CHAR}${star}`;
          default: {
            const match = /^(.*?)\.(\w+)$/.exec(str);
            if (!match) return;
            const source2 = create(match[1]);
            if (!source2) return;
            return source2 + DOT_LITERAL + match[2];
          }
        }
      };
      const output = utils.removePrefix(input, state);
      let source = create(output);
      if (source && opts.strictSlashes !== true) {
        source += `${SLASH_LITERAL}?`;
      }
      return source;
    };
    module.exports = parse;
  }
});

// node_modules/picomatch/lib/picomatch.js
var require_picomatch = __commonJS({
  "node_modules/picomatch/lib/picomatch.js"(exports2, module) {
    "use strict";
    var scan = require_scan();
    var parse = require_parse();
    var utils = require_utils();
    var constants = require_constants();
    var isObject = (val) => val && typeof val === "object" && !Array.isArray(val);
    var picomatch3 = (glob, options, returnState = false) => {
      if (Array.isArray(glob)) {
        const fns = glob.map((input) => picomatch3(input, options, returnState));
        const arrayMatcher = (str) => {
          for (const isMatch of fns) {
            const state2 = isMatch(str);
            if (state2) return state2;
          }
          return false;
        };
        return arrayMatcher;
      }
      const isState = isObject(glob) && glob.tokens && glob.input;
      if (glob === "" || typeof glob !== "string" && !isState) {
        throw new TypeError("Expected pattern to be a non-empty string");
      }
      const opts = options || {};
      const posix = opts.windows;
      const regex = isState ? picomatch3.compileRe(glob, options) : picomatch3.makeRe(glob, options, false, true);
      const state = regex.state;
      delete regex.state;
      let isIgnored = () => false;
      if (opts.ignore) {
        const ignoreOpts = { ...options, ignore: null, onMatch: null, onResult: null };
        isIgnored = picomatch3(opts.ignore, ignoreOpts, returnState);
      }
      const matcher = (input, returnObject = false) => {
        const { isMatch, match, output } = picomatch3.test(input, regex, options, { glob, posix });
        const result = { glob, state, regex, posix, input, output, match, isMatch };
        if (typeof opts.onResult === "function") {
          opts.onResult(result);
        }
        if (isMatch === false) {
          result.isMatch = false;
          return returnObject ? result : false;
        }
        if (isIgnored(input)) {
          if (typeof opts.onIgnore === "function") {
            opts.onIgnore(result);
          }
          result.isMatch = false;
          return returnObject ? result : false;
        }
        if (typeof opts.onMatch === "function") {
          opts.onMatch(result);
        }
        return returnObject ? result : true;
      };
      if (returnState) {
        matcher.state = state;
      }
      return matcher;
    };
    picomatch3.test = (input, regex, options, { glob, posix } = {}) => {
      if (typeof input !== "string") {
        throw new TypeError("Expected input to be a string");
      }
      if (input === "") {
        return { isMatch: false, output: "" };
      }
      const opts = options || {};
      const format = opts.format || (posix ? utils.toPosixSlashes : null);
      let match = input === glob;
      let output = match && format ? format(input) : input;
      if (match === false) {
        output = format ? format(input) : input;
        match = output === glob;
      }
      if (match === false || opts.capture === true) {
        if (opts.matchBase === true || opts.basename === true) {
          match = picomatch3.matchBase(input, regex, options, posix);
        } else {
          match = regex.exec(output);
        }
      }
      return { isMatch: Boolean(match), match, output };
    };
    picomatch3.matchBase = (input, glob, options, posix = options && options.windows) => {
      const regex = glob instanceof RegExp ? glob : picomatch3.makeRe(glob, options);
      return regex.test(utils.basename(input, { windows: posix }));
    };
    picomatch3.isMatch = (str, patterns, options) => picomatch3(patterns, options)(str);
    picomatch3.parse = (pattern, options) => {
      if (Array.isArray(pattern)) return pattern.map((p) => picomatch3.parse(p, options));
      return parse(pattern, { ...options, fastpaths: false });
    };
    picomatch3.scan = (input, options) => scan(input, options);
    picomatch3.compileRe = (state, options, returnOutput = false, returnState = false) => {
      if (returnOutput === true) {
        return state.output;
      }
      const opts = options || {};
      const prepend = opts.contains ? "" : "^";
      const append = opts.contains ? "" : "$";
      let source = `${prepend}(?:${state.output})${append}`;
      if (state && state.negated === true) {
        source = `^(?!${source}).*$`;
      }
      const regex = picomatch3.toRegex(source, options);
      if (returnState === true) {
        regex.state = state;
      }
      return regex;
    };
    picomatch3.makeRe = (input, options = {}, returnOutput = false, returnState = false) => {
      if (!input || typeof input !== "string") {
        throw new TypeError("Expected a non-empty string");
      }
      let parsed = { negated: false, fastpaths: true };
      if (options.fastpaths !== false && (input[0] === "." || input[0] === "*")) {
        parsed.output = parse.fastpaths(input, options);
      }
      if (!parsed.output) {
        parsed = parse(input, options);
      }
      return picomatch3.compileRe(parsed, options, returnOutput, returnState);
    };
    picomatch3.toRegex = (source, options) => {
      try {
        const opts = options || {};
        return new RegExp(source, opts.flags || (opts.nocase ? "i" : ""));
      } catch (err) {
        if (options && options.debug === true) throw err;
        return /$^/;
      }
    };
    picomatch3.constants = constants;
    module.exports = picomatch3;
  }
});

// node_modules/picomatch/index.js
var require_picomatch2 = __commonJS({
  "node_modules/picomatch/index.js"(exports2, module) {
    "use strict";
    var pico = require_picomatch();
    var utils = require_utils();
    function picomatch3(glob, options, returnState = false) {
      if (options && (options.windows === null || options.windows === void 0)) {
        options = { ...options, windows: utils.isWindows() };
      }
      return pico(glob, options, returnState);
    }
    Object.assign(picomatch3, pico);
    module.exports = picomatch3;
  }
});

// node_modules/jstat/dist/jstat.js
var require_jstat = __commonJS({
  "node_modules/jstat/dist/jstat.js"(exports2, module) {
    (function(window2, factory) {
      if (typeof exports2 === "object") {
        module.exports = factory();
      } else if (typeof define === "function" && define.amd) {
        define(factory);
      } else {
        window2.jStat = factory();
      }
    })(exports2, function() {
      var jStat2 = (function(Math2, undefined2) {
        var concat = Array.prototype.concat;
        var slice = Array.prototype.slice;
        var toString = Object.prototype.toString;
        function calcRdx(n, m) {
          var val = n > m ? n : m;
          return Math2.pow(
            10,
            17 - ~~(Math2.log(val > 0 ? val : -val) * Math2.LOG10E)
          );
        }
        var isArray = Array.isArray || function isArray2(arg) {
          return toString.call(arg) === "[object Array]";
        };
        function isFunction(arg) {
          return toString.call(arg) === "[object Function]";
        }
        function isNumber(num) {
          return typeof num === "number" ? num - num === 0 : false;
        }
        function toVector(arr) {
          return concat.apply([], arr);
        }
        function jStat3() {
          return new jStat3._init(arguments);
        }
        jStat3.fn = jStat3.prototype;
        jStat3._init = function _init(args) {
          if (isArray(args[0])) {
            if (isArray(args[0][0])) {
              if (isFunction(args[1]))
                args[0] = jStat3.map(args[0], args[1]);
              for (var i = 0; i < args[0].length; i++)
                this[i] = args[0][i];
              this.length = args[0].length;
            } else {
              this[0] = isFunction(args[1]) ? jStat3.map(args[0], args[1]) : args[0];
              this.length = 1;
            }
          } else if (isNumber(args[0])) {
            this[0] = jStat3.seq.apply(null, args);
            this.length = 1;
          } else if (args[0] instanceof jStat3) {
            return jStat3(args[0].toArray());
          } else {
            this[0] = [];
            this.length = 1;
          }
          return this;
        };
        jStat3._init.prototype = jStat3.prototype;
        jStat3._init.constructor = jStat3;
        jStat3.utils = {
          calcRdx,
          isArray,
          isFunction,
          isNumber,
          toVector
        };
        jStat3._random_fn = Math2.random;
        jStat3.setRandom = function setRandom(fn) {
          if (typeof fn !== "function")
            throw new TypeError("fn is not a function");
          jStat3._random_fn = fn;
        };
        jStat3.extend = function extend(obj) {
          var i, j;
          if (arguments.length === 1) {
            for (j in obj)
              jStat3[j] = obj[j];
            return this;
          }
          for (i = 1; i < arguments.length; i++) {
            for (j in arguments[i])
              obj[j] = arguments[i][j];
          }
          return obj;
        };
        jStat3.rows = function rows(arr) {
          return arr.length || 1;
        };
        jStat3.cols = function cols(arr) {
          return arr[0].length || 1;
        };
        jStat3.dimensions = function dimensions(arr) {
          return {
            rows: jStat3.rows(arr),
            cols: jStat3.cols(arr)
          };
        };
        jStat3.row = function row2(arr, index) {
          if (isArray(index)) {
            return index.map(function(i) {
              return jStat3.row(arr, i);
            });
          }
          return arr[index];
        };
        jStat3.rowa = function rowa(arr, i) {
          return jStat3.row(arr, i);
        };
        jStat3.col = function col(arr, index) {
          if (isArray(index)) {
            var submat = jStat3.arange(arr.length).map(function() {
              return new Array(index.length);
            });
            index.forEach(function(ind, i2) {
              jStat3.arange(arr.length).forEach(function(j) {
                submat[j][i2] = arr[j][ind];
              });
            });
            return submat;
          }
          var column = new Array(arr.length);
          for (var i = 0; i < arr.length; i++)
            column[i] = [arr[i][index]];
          return column;
        };
        jStat3.cola = function cola(arr, i) {
          return jStat3.col(arr, i).map(function(a) {
            return a[0];
          });
        };
        jStat3.diag = function diag(arr) {
          var nrow = jStat3.rows(arr);
          var res = new Array(nrow);
          for (var row2 = 0; row2 < nrow; row2++)
            res[row2] = [arr[row2][row2]];
          return res;
        };
        jStat3.antidiag = function antidiag(arr) {
          var nrow = jStat3.rows(arr) - 1;
          var res = new Array(nrow);
          for (var i = 0; nrow >= 0; nrow--, i++)
            res[i] = [arr[i][nrow]];
          return res;
        };
        jStat3.transpose = function transpose(arr) {
          var obj = [];
          var objArr, rows, cols, j, i;
          if (!isArray(arr[0]))
            arr = [arr];
          rows = arr.length;
          cols = arr[0].length;
          for (i = 0; i < cols; i++) {
            objArr = new Array(rows);
            for (j = 0; j < rows; j++)
              objArr[j] = arr[j][i];
            obj.push(objArr);
          }
          return obj.length === 1 ? obj[0] : obj;
        };
        jStat3.map = function map(arr, func, toAlter) {
          var row2, nrow, ncol, res, col;
          if (!isArray(arr[0]))
            arr = [arr];
          nrow = arr.length;
          ncol = arr[0].length;
          res = toAlter ? arr : new Array(nrow);
          for (row2 = 0; row2 < nrow; row2++) {
            if (!res[row2])
              res[row2] = new Array(ncol);
            for (col = 0; col < ncol; col++)
              res[row2][col] = func(arr[row2][col], row2, col);
          }
          return res.length === 1 ? res[0] : res;
        };
        jStat3.cumreduce = function cumreduce(arr, func, toAlter) {
          var row2, nrow, ncol, res, col;
          if (!isArray(arr[0]))
            arr = [arr];
          nrow = arr.length;
          ncol = arr[0].length;
          res = toAlter ? arr : new Array(nrow);
          for (row2 = 0; row2 < nrow; row2++) {
            if (!res[row2])
              res[row2] = new Array(ncol);
            if (ncol > 0)
              res[row2][0] = arr[row2][0];
            for (col = 1; col < ncol; col++)
              res[row2][col] = func(res[row2][col - 1], arr[row2][col]);
          }
          return res.length === 1 ? res[0] : res;
        };
        jStat3.alter = function alter(arr, func) {
          return jStat3.map(arr, func, true);
        };
        jStat3.create = function create(rows, cols, func) {
          var res = new Array(rows);
          var i, j;
          if (isFunction(cols)) {
            func = cols;
            cols = rows;
          }
          for (i = 0; i < rows; i++) {
            res[i] = new Array(cols);
            for (j = 0; j < cols; j++)
              res[i][j] = func(i, j);
          }
          return res;
        };
        function retZero() {
          return 0;
        }
        jStat3.zeros = function zeros(rows, cols) {
          if (!isNumber(cols))
            cols = rows;
          return jStat3.create(rows, cols, retZero);
        };
        function retOne() {
          return 1;
        }
        jStat3.ones = function ones(rows, cols) {
          if (!isNumber(cols))
            cols = rows;
          return jStat3.create(rows, cols, retOne);
        };
        jStat3.rand = function rand(rows, cols) {
          if (!isNumber(cols))
            cols = rows;
          return jStat3.create(rows, cols, jStat3._random_fn);
        };
        function retIdent(i, j) {
          return i === j ? 1 : 0;
        }
        jStat3.identity = function identity(rows, cols) {
          if (!isNumber(cols))
            cols = rows;
          return jStat3.create(rows, cols, retIdent);
        };
        jStat3.symmetric = function symmetric(arr) {
          var size = arr.length;
          var row2, col;
          if (arr.length !== arr[0].length)
            return false;
          for (row2 = 0; row2 < size; row2++) {
            for (col = 0; col < size; col++)
              if (arr[col][row2] !== arr[row2][col])
                return false;
          }
          return true;
        };
        jStat3.clear = function clear(arr) {
          return jStat3.alter(arr, retZero);
        };
        jStat3.seq = function seq(min2, max2, length, func) {
          if (!isFunction(func))
            func = false;
          var arr = [];
          var hival = calcRdx(min2, max2);
          var step = (max2 * hival - min2 * hival) / ((length - 1) * hival);
          var current = min2;
          var cnt;
          for (cnt = 0; current <= max2 && cnt < length; cnt++, current = (min2 * hival + step * hival * cnt) / hival) {
            arr.push(func ? func(current, cnt) : current);
          }
          return arr;
        };
        jStat3.arange = function arange(start, end, step) {
          var rl = [];
          var i;
          step = step || 1;
          if (end === undefined2) {
            end = start;
            start = 0;
          }
          if (start === end || step === 0) {
            return [];
          }
          if (start < end && step < 0) {
            return [];
          }
          if (start > end && step > 0) {
            return [];
          }
          if (step > 0) {
            for (i = start; i < end; i += step) {
              rl.push(i);
            }
          } else {
            for (i = start; i > end; i += step) {
              rl.push(i);
            }
          }
          return rl;
        };
        jStat3.slice = /* @__PURE__ */ (function() {
          function _slice(list, start, end, step) {
            var i;
            var rl = [];
            var length = list.length;
            if (start === undefined2 && end === undefined2 && step === undefined2) {
              return jStat3.copy(list);
            }
            start = start || 0;
            end = end || list.length;
            start = start >= 0 ? start : length + start;
            end = end >= 0 ? end : length + end;
            step = step || 1;
            if (start === end || step === 0) {
              return [];
            }
            if (start < end && step < 0) {
              return [];
            }
            if (start > end && step > 0) {
              return [];
            }
            if (step > 0) {
              for (i = start; i < end; i += step) {
                rl.push(list[i]);
              }
            } else {
              for (i = start; i > end; i += step) {
                rl.push(list[i]);
              }
            }
            return rl;
          }
          function slice2(list, rcSlice) {
            var colSlice, rowSlice;
            rcSlice = rcSlice || {};
            if (isNumber(rcSlice.row)) {
              if (isNumber(rcSlice.col))
                return list[rcSlice.row][rcSlice.col];
              var row2 = jStat3.rowa(list, rcSlice.row);
              colSlice = rcSlice.col || {};
              return _slice(row2, colSlice.start, colSlice.end, colSlice.step);
            }
            if (isNumber(rcSlice.col)) {
              var col = jStat3.cola(list, rcSlice.col);
              rowSlice = rcSlice.row || {};
              return _slice(col, rowSlice.start, rowSlice.end, rowSlice.step);
            }
            rowSlice = rcSlice.row || {};
            colSlice = rcSlice.col || {};
            var rows = _slice(list, rowSlice.start, rowSlice.end, rowSlice.step);
            return rows.map(function(row3) {
              return _slice(row3, colSlice.start, colSlice.end, colSlice.step);
            });
          }
          return slice2;
        })();
        jStat3.sliceAssign = function sliceAssign(A, rcSlice, B) {
          var nl, ml;
          if (isNumber(rcSlice.row)) {
            if (isNumber(rcSlice.col))
              return A[rcSlice.row][rcSlice.col] = B;
            rcSlice.col = rcSlice.col || {};
            rcSlice.col.start = rcSlice.col.start || 0;
            rcSlice.col.end = rcSlice.col.end || A[0].length;
            rcSlice.col.step = rcSlice.col.step || 1;
            nl = jStat3.arange(
              rcSlice.col.start,
              Math2.min(A.length, rcSlice.col.end),
              rcSlice.col.step
            );
            var m = rcSlice.row;
            nl.forEach(function(n2, i) {
              A[m][n2] = B[i];
            });
            return A;
          }
          if (isNumber(rcSlice.col)) {
            rcSlice.row = rcSlice.row || {};
            rcSlice.row.start = rcSlice.row.start || 0;
            rcSlice.row.end = rcSlice.row.end || A.length;
            rcSlice.row.step = rcSlice.row.step || 1;
            ml = jStat3.arange(
              rcSlice.row.start,
              Math2.min(A[0].length, rcSlice.row.end),
              rcSlice.row.step
            );
            var n = rcSlice.col;
            ml.forEach(function(m2, j) {
              A[m2][n] = B[j];
            });
            return A;
          }
          if (B[0].length === undefined2) {
            B = [B];
          }
          rcSlice.row.start = rcSlice.row.start || 0;
          rcSlice.row.end = rcSlice.row.end || A.length;
          rcSlice.row.step = rcSlice.row.step || 1;
          rcSlice.col.start = rcSlice.col.start || 0;
          rcSlice.col.end = rcSlice.col.end || A[0].length;
          rcSlice.col.step = rcSlice.col.step || 1;
          ml = jStat3.arange(
            rcSlice.row.start,
            Math2.min(A.length, rcSlice.row.end),
            rcSlice.row.step
          );
          nl = jStat3.arange(
            rcSlice.col.start,
            Math2.min(A[0].length, rcSlice.col.end),
            rcSlice.col.step
          );
          ml.forEach(function(m2, i) {
            nl.forEach(function(n2, j) {
              A[m2][n2] = B[i][j];
            });
          });
          return A;
        };
        jStat3.diagonal = function diagonal(diagArray) {
          var mat = jStat3.zeros(diagArray.length, diagArray.length);
          diagArray.forEach(function(t, i) {
            mat[i][i] = t;
          });
          return mat;
        };
        jStat3.copy = function copy(A) {
          return A.map(function(row2) {
            if (isNumber(row2))
              return row2;
            return row2.map(function(t) {
              return t;
            });
          });
        };
        var jProto = jStat3.prototype;
        jProto.length = 0;
        jProto.push = Array.prototype.push;
        jProto.sort = Array.prototype.sort;
        jProto.splice = Array.prototype.splice;
        jProto.slice = Array.prototype.slice;
        jProto.toArray = function toArray() {
          return this.length > 1 ? slice.call(this) : slice.call(this)[0];
        };
        jProto.map = function map(func, toAlter) {
          return jStat3(jStat3.map(this, func, toAlter));
        };
        jProto.cumreduce = function cumreduce(func, toAlter) {
          return jStat3(jStat3.cumreduce(this, func, toAlter));
        };
        jProto.alter = function alter(func) {
          jStat3.alter(this, func);
          return this;
        };
        (function(funcs) {
          for (var i = 0; i < funcs.length; i++) (function(passfunc) {
            jProto[passfunc] = function(func) {
              var self = this, results;
              if (func) {
                setTimeout(function() {
                  func.call(self, jProto[passfunc].call(self));
                });
                return this;
              }
              results = jStat3[passfunc](this);
              return isArray(results) ? jStat3(results) : results;
            };
          })(funcs[i]);
        })("transpose clear symmetric rows cols dimensions diag antidiag".split(" "));
        (function(funcs) {
          for (var i = 0; i < funcs.length; i++) (function(passfunc) {
            jProto[passfunc] = function(index, func) {
              var self = this;
              if (func) {
                setTimeout(function() {
                  func.call(self, jProto[passfunc].call(self, index));
                });
                return this;
              }
              return jStat3(jStat3[passfunc](this, index));
            };
          })(funcs[i]);
        })("row col".split(" "));
        (function(funcs) {
          for (var i = 0; i < funcs.length; i++) (function(passfunc) {
            jProto[passfunc] = function() {
              return jStat3(jStat3[passfunc].apply(null, arguments));
            };
          })(funcs[i]);
        })("create zeros ones rand identity".split(" "));
        return jStat3;
      })(Math);
      (function(jStat3, Math2) {
        var isFunction = jStat3.utils.isFunction;
        function ascNum(a, b) {
          return a - b;
        }
        function clip(arg, min2, max2) {
          return Math2.max(min2, Math2.min(arg, max2));
        }
        jStat3.sum = function sum2(arr) {
          var sum3 = 0;
          var i = arr.length;
          while (--i >= 0)
            sum3 += arr[i];
          return sum3;
        };
        jStat3.sumsqrd = function sumsqrd(arr) {
          var sum2 = 0;
          var i = arr.length;
          while (--i >= 0)
            sum2 += arr[i] * arr[i];
          return sum2;
        };
        jStat3.sumsqerr = function sumsqerr(arr) {
          var mean2 = jStat3.mean(arr);
          var sum2 = 0;
          var i = arr.length;
          var tmp;
          while (--i >= 0) {
            tmp = arr[i] - mean2;
            sum2 += tmp * tmp;
          }
          return sum2;
        };
        jStat3.sumrow = function sumrow(arr) {
          var sum2 = 0;
          var i = arr.length;
          while (--i >= 0)
            sum2 += arr[i];
          return sum2;
        };
        jStat3.product = function product(arr) {
          var prod = 1;
          var i = arr.length;
          while (--i >= 0)
            prod *= arr[i];
          return prod;
        };
        jStat3.min = function min2(arr) {
          var low = arr[0];
          var i = 0;
          while (++i < arr.length)
            if (arr[i] < low)
              low = arr[i];
          return low;
        };
        jStat3.max = function max2(arr) {
          var high = arr[0];
          var i = 0;
          while (++i < arr.length)
            if (arr[i] > high)
              high = arr[i];
          return high;
        };
        jStat3.unique = function unique(arr) {
          var hash = {}, _arr = [];
          for (var i = 0; i < arr.length; i++) {
            if (!hash[arr[i]]) {
              hash[arr[i]] = true;
              _arr.push(arr[i]);
            }
          }
          return _arr;
        };
        jStat3.mean = function mean2(arr) {
          return jStat3.sum(arr) / arr.length;
        };
        jStat3.meansqerr = function meansqerr(arr) {
          return jStat3.sumsqerr(arr) / arr.length;
        };
        jStat3.geomean = function geomean(arr) {
          var logs = arr.map(Math2.log);
          var meanOfLogs = jStat3.mean(logs);
          return Math2.exp(meanOfLogs);
        };
        jStat3.median = function median2(arr) {
          var arrlen = arr.length;
          var _arr = arr.slice().sort(ascNum);
          return !(arrlen & 1) ? (_arr[arrlen / 2 - 1] + _arr[arrlen / 2]) / 2 : _arr[arrlen / 2 | 0];
        };
        jStat3.cumsum = function cumsum(arr) {
          return jStat3.cumreduce(arr, function(a, b) {
            return a + b;
          });
        };
        jStat3.cumprod = function cumprod(arr) {
          return jStat3.cumreduce(arr, function(a, b) {
            return a * b;
          });
        };
        jStat3.diff = function diff(arr) {
          var diffs = [];
          var arrLen = arr.length;
          var i;
          for (i = 1; i < arrLen; i++)
            diffs.push(arr[i] - arr[i - 1]);
          return diffs;
        };
        jStat3.rank = function(arr) {
          var i;
          var distinctNumbers = [];
          var numberCounts = {};
          for (i = 0; i < arr.length; i++) {
            var number = arr[i];
            if (numberCounts[number]) {
              numberCounts[number]++;
            } else {
              numberCounts[number] = 1;
              distinctNumbers.push(number);
            }
          }
          var sortedDistinctNumbers = distinctNumbers.sort(ascNum);
          var numberRanks = {};
          var currentRank = 1;
          for (i = 0; i < sortedDistinctNumbers.length; i++) {
            var number = sortedDistinctNumbers[i];
            var count = numberCounts[number];
            var first2 = currentRank;
            var last = currentRank + count - 1;
            var rank = (first2 + last) / 2;
            numberRanks[number] = rank;
            currentRank += count;
          }
          return arr.map(function(number2) {
            return numberRanks[number2];
          });
        };
        jStat3.mode = function mode(arr) {
          var arrLen = arr.length;
          var _arr = arr.slice().sort(ascNum);
          var count = 1;
          var maxCount = 0;
          var numMaxCount = 0;
          var mode_arr = [];
          var i;
          for (i = 0; i < arrLen; i++) {
            if (_arr[i] === _arr[i + 1]) {
              count++;
            } else {
              if (count > maxCount) {
                mode_arr = [_arr[i]];
                maxCount = count;
                numMaxCount = 0;
              } else if (count === maxCount) {
                mode_arr.push(_arr[i]);
                numMaxCount++;
              }
              count = 1;
            }
          }
          return numMaxCount === 0 ? mode_arr[0] : mode_arr;
        };
        jStat3.range = function range(arr) {
          return jStat3.max(arr) - jStat3.min(arr);
        };
        jStat3.variance = function variance(arr, flag2) {
          return jStat3.sumsqerr(arr) / (arr.length - (flag2 ? 1 : 0));
        };
        jStat3.pooledvariance = function pooledvariance(arr) {
          var sumsqerr = arr.reduce(function(a, samples) {
            return a + jStat3.sumsqerr(samples);
          }, 0);
          var count = arr.reduce(function(a, samples) {
            return a + samples.length;
          }, 0);
          return sumsqerr / (count - arr.length);
        };
        jStat3.deviation = function(arr) {
          var mean2 = jStat3.mean(arr);
          var arrlen = arr.length;
          var dev = new Array(arrlen);
          for (var i = 0; i < arrlen; i++) {
            dev[i] = arr[i] - mean2;
          }
          return dev;
        };
        jStat3.stdev = function stdev(arr, flag2) {
          return Math2.sqrt(jStat3.variance(arr, flag2));
        };
        jStat3.pooledstdev = function pooledstdev(arr) {
          return Math2.sqrt(jStat3.pooledvariance(arr));
        };
        jStat3.meandev = function meandev(arr) {
          var mean2 = jStat3.mean(arr);
          var a = [];
          for (var i = arr.length - 1; i >= 0; i--) {
            a.push(Math2.abs(arr[i] - mean2));
          }
          return jStat3.mean(a);
        };
        jStat3.meddev = function meddev(arr) {
          var median2 = jStat3.median(arr);
          var a = [];
          for (var i = arr.length - 1; i >= 0; i--) {
            a.push(Math2.abs(arr[i] - median2));
          }
          return jStat3.median(a);
        };
        jStat3.coeffvar = function coeffvar(arr) {
          return jStat3.stdev(arr) / jStat3.mean(arr);
        };
        jStat3.quartiles = function quartiles(arr) {
          var arrlen = arr.length;
          var _arr = arr.slice().sort(ascNum);
          return [
            _arr[Math2.round(arrlen / 4) - 1],
            _arr[Math2.round(arrlen / 2) - 1],
            _arr[Math2.round(arrlen * 3 / 4) - 1]
          ];
        };
        jStat3.quantiles = function quantiles(arr, quantilesArray, alphap, betap) {
          var sortedArray = arr.slice().sort(ascNum);
          var quantileVals = [quantilesArray.length];
          var n = arr.length;
          var i, p, m, aleph, k, gamma;
          if (typeof alphap === "undefined")
            alphap = 3 / 8;
          if (typeof betap === "undefined")
            betap = 3 / 8;
          for (i = 0; i < quantilesArray.length; i++) {
            p = quantilesArray[i];
            m = alphap + p * (1 - alphap - betap);
            aleph = n * p + m;
            k = Math2.floor(clip(aleph, 1, n - 1));
            gamma = clip(aleph - k, 0, 1);
            quantileVals[i] = (1 - gamma) * sortedArray[k - 1] + gamma * sortedArray[k];
          }
          return quantileVals;
        };
        jStat3.percentile = function percentile(arr, k, exclusive) {
          var _arr = arr.slice().sort(ascNum);
          var realIndex = k * (_arr.length + (exclusive ? 1 : -1)) + (exclusive ? 0 : 1);
          var index = parseInt(realIndex);
          var frac = realIndex - index;
          if (index + 1 < _arr.length) {
            return _arr[index - 1] + frac * (_arr[index] - _arr[index - 1]);
          } else {
            return _arr[index - 1];
          }
        };
        jStat3.percentileOfScore = function percentileOfScore(arr, score2, kind) {
          var counter = 0;
          var len = arr.length;
          var strict = false;
          var value, i;
          if (kind === "strict")
            strict = true;
          for (i = 0; i < len; i++) {
            value = arr[i];
            if (strict && value < score2 || !strict && value <= score2) {
              counter++;
            }
          }
          return counter / len;
        };
        jStat3.histogram = function histogram(arr, binCnt) {
          binCnt = binCnt || 4;
          var first2 = jStat3.min(arr);
          var binWidth = (jStat3.max(arr) - first2) / binCnt;
          var len = arr.length;
          var bins = [];
          var i;
          for (i = 0; i < binCnt; i++)
            bins[i] = 0;
          for (i = 0; i < len; i++)
            bins[Math2.min(Math2.floor((arr[i] - first2) / binWidth), binCnt - 1)] += 1;
          return bins;
        };
        jStat3.covariance = function covariance(arr1, arr2) {
          var u = jStat3.mean(arr1);
          var v = jStat3.mean(arr2);
          var arr1Len = arr1.length;
          var sq_dev = new Array(arr1Len);
          var i;
          for (i = 0; i < arr1Len; i++)
            sq_dev[i] = (arr1[i] - u) * (arr2[i] - v);
          return jStat3.sum(sq_dev) / (arr1Len - 1);
        };
        jStat3.corrcoeff = function corrcoeff(arr1, arr2) {
          return jStat3.covariance(arr1, arr2) / jStat3.stdev(arr1, 1) / jStat3.stdev(arr2, 1);
        };
        jStat3.spearmancoeff = function(arr1, arr2) {
          arr1 = jStat3.rank(arr1);
          arr2 = jStat3.rank(arr2);
          return jStat3.corrcoeff(arr1, arr2);
        };
        jStat3.stanMoment = function stanMoment(arr, n) {
          var mu = jStat3.mean(arr);
          var sigma = jStat3.stdev(arr);
          var len = arr.length;
          var skewSum = 0;
          for (var i = 0; i < len; i++)
            skewSum += Math2.pow((arr[i] - mu) / sigma, n);
          return skewSum / arr.length;
        };
        jStat3.skewness = function skewness(arr) {
          return jStat3.stanMoment(arr, 3);
        };
        jStat3.kurtosis = function kurtosis(arr) {
          return jStat3.stanMoment(arr, 4) - 3;
        };
        var jProto = jStat3.prototype;
        (function(funcs) {
          for (var i = 0; i < funcs.length; i++) (function(passfunc) {
            jProto[passfunc] = function(fullbool, func) {
              var arr = [];
              var i2 = 0;
              var tmpthis = this;
              if (isFunction(fullbool)) {
                func = fullbool;
                fullbool = false;
              }
              if (func) {
                setTimeout(function() {
                  func.call(tmpthis, jProto[passfunc].call(tmpthis, fullbool));
                });
                return this;
              }
              if (this.length > 1) {
                tmpthis = fullbool === true ? this : this.transpose();
                for (; i2 < tmpthis.length; i2++)
                  arr[i2] = jStat3[passfunc](tmpthis[i2]);
                return arr;
              }
              return jStat3[passfunc](this[0], fullbool);
            };
          })(funcs[i]);
        })("cumsum cumprod".split(" "));
        (function(funcs) {
          for (var i = 0; i < funcs.length; i++) (function(passfunc) {
            jProto[passfunc] = function(fullbool, func) {
              var arr = [];
              var i2 = 0;
              var tmpthis = this;
              if (isFunction(fullbool)) {
                func = fullbool;
                fullbool = false;
              }
              if (func) {
                setTimeout(function() {
                  func.call(tmpthis, jProto[passfunc].call(tmpthis, fullbool));
                });
                return this;
              }
              if (this.length > 1) {
                if (passfunc !== "sumrow")
                  tmpthis = fullbool === true ? this : this.transpose();
                for (; i2 < tmpthis.length; i2++)
                  arr[i2] = jStat3[passfunc](tmpthis[i2]);
                return fullbool === true ? jStat3[passfunc](jStat3.utils.toVector(arr)) : arr;
              }
              return jStat3[passfunc](this[0], fullbool);
            };
          })(funcs[i]);
        })("sum sumsqrd sumsqerr sumrow product min max unique mean meansqerr geomean median diff rank mode range variance deviation stdev meandev meddev coeffvar quartiles histogram skewness kurtosis".split(" "));
        (function(funcs) {
          for (var i = 0; i < funcs.length; i++) (function(passfunc) {
            jProto[passfunc] = function() {
              var arr = [];
              var i2 = 0;
              var tmpthis = this;
              var args = Array.prototype.slice.call(arguments);
              var callbackFunction;
              if (isFunction(args[args.length - 1])) {
                callbackFunction = args[args.length - 1];
                var argsToPass = args.slice(0, args.length - 1);
                setTimeout(function() {
                  callbackFunction.call(
                    tmpthis,
                    jProto[passfunc].apply(tmpthis, argsToPass)
                  );
                });
                return this;
              } else {
                callbackFunction = void 0;
                var curriedFunction = function curriedFunction2(vector) {
                  return jStat3[passfunc].apply(tmpthis, [vector].concat(args));
                };
              }
              if (this.length > 1) {
                tmpthis = tmpthis.transpose();
                for (; i2 < tmpthis.length; i2++)
                  arr[i2] = curriedFunction(tmpthis[i2]);
                return arr;
              }
              return curriedFunction(this[0]);
            };
          })(funcs[i]);
        })("quantiles percentileOfScore".split(" "));
      })(jStat2, Math);
      (function(jStat3, Math2) {
        jStat3.gammaln = function gammaln(x) {
          var j = 0;
          var cof = [
            76.18009172947146,
            -86.50532032941678,
            24.01409824083091,
            -1.231739572450155,
            0.001208650973866179,
            -5395239384953e-18
          ];
          var ser = 1.000000000190015;
          var xx, y, tmp;
          tmp = (y = xx = x) + 5.5;
          tmp -= (xx + 0.5) * Math2.log(tmp);
          for (; j < 6; j++)
            ser += cof[j] / ++y;
          return Math2.log(2.5066282746310007 * ser / xx) - tmp;
        };
        jStat3.loggam = function loggam(x) {
          var x0, x2, xp, gl, gl0;
          var k, n;
          var a = [
            0.08333333333333333,
            -0.002777777777777778,
            7936507936507937e-19,
            -5952380952380952e-19,
            8417508417508418e-19,
            -0.001917526917526918,
            0.00641025641025641,
            -0.02955065359477124,
            0.1796443723688307,
            -1.3924322169059
          ];
          x0 = x;
          n = 0;
          if (x == 1 || x == 2) {
            return 0;
          }
          if (x <= 7) {
            n = Math2.floor(7 - x);
            x0 = x + n;
          }
          x2 = 1 / (x0 * x0);
          xp = 2 * Math2.PI;
          gl0 = a[9];
          for (k = 8; k >= 0; k--) {
            gl0 *= x2;
            gl0 += a[k];
          }
          gl = gl0 / x0 + 0.5 * Math2.log(xp) + (x0 - 0.5) * Math2.log(x0) - x0;
          if (x <= 7) {
            for (k = 1; k <= n; k++) {
              gl -= Math2.log(x0 - 1);
              x0 -= 1;
            }
          }
          return gl;
        };
        jStat3.gammafn = function gammafn(x) {
          var p = [
            -1.716185138865495,
            24.76565080557592,
            -379.80425647094563,
            629.3311553128184,
            866.9662027904133,
            -31451.272968848367,
            -36144.413418691176,
            66456.14382024054
          ];
          var q = [
            -30.8402300119739,
            315.35062697960416,
            -1015.1563674902192,
            -3107.771671572311,
            22538.11842098015,
            4755.846277527881,
            -134659.9598649693,
            -115132.2596755535
          ];
          var fact = false;
          var n = 0;
          var xden = 0;
          var xnum = 0;
          var y = x;
          var i, z2, yi, res;
          if (x > 171.6243769536076) {
            return Infinity;
          }
          if (y <= 0) {
            res = y % 1 + 36e-17;
            if (res) {
              fact = (!(y & 1) ? 1 : -1) * Math2.PI / Math2.sin(Math2.PI * res);
              y = 1 - y;
            } else {
              return Infinity;
            }
          }
          yi = y;
          if (y < 1) {
            z2 = y++;
          } else {
            z2 = (y -= n = (y | 0) - 1) - 1;
          }
          for (i = 0; i < 8; ++i) {
            xnum = (xnum + p[i]) * z2;
            xden = xden * z2 + q[i];
          }
          res = xnum / xden + 1;
          if (yi < y) {
            res /= yi;
          } else if (yi > y) {
            for (i = 0; i < n; ++i) {
              res *= y;
              y++;
            }
          }
          if (fact) {
            res = fact / res;
          }
          return res;
        };
        jStat3.gammap = function gammap(a, x) {
          return jStat3.lowRegGamma(a, x) * jStat3.gammafn(a);
        };
        jStat3.lowRegGamma = function lowRegGamma(a, x) {
          var aln = jStat3.gammaln(a);
          var ap = a;
          var sum2 = 1 / a;
          var del = sum2;
          var b = x + 1 - a;
          var c = 1 / 1e-30;
          var d = 1 / b;
          var h = d;
          var i = 1;
          var ITMAX = -~(Math2.log(a >= 1 ? a : 1 / a) * 8.5 + a * 0.4 + 17);
          var an;
          if (x < 0 || a <= 0) {
            return NaN;
          } else if (x < a + 1) {
            for (; i <= ITMAX; i++) {
              sum2 += del *= x / ++ap;
            }
            return sum2 * Math2.exp(-x + a * Math2.log(x) - aln);
          }
          for (; i <= ITMAX; i++) {
            an = -i * (i - a);
            b += 2;
            d = an * d + b;
            c = b + an / c;
            d = 1 / d;
            h *= d * c;
          }
          return 1 - h * Math2.exp(-x + a * Math2.log(x) - aln);
        };
        jStat3.factorialln = function factorialln(n) {
          return n < 0 ? NaN : jStat3.gammaln(n + 1);
        };
        jStat3.factorial = function factorial(n) {
          return n < 0 ? NaN : jStat3.gammafn(n + 1);
        };
        jStat3.combination = function combination(n, m) {
          return n > 170 || m > 170 ? Math2.exp(jStat3.combinationln(n, m)) : jStat3.factorial(n) / jStat3.factorial(m) / jStat3.factorial(n - m);
        };
        jStat3.combinationln = function combinationln(n, m) {
          return jStat3.factorialln(n) - jStat3.factorialln(m) - jStat3.factorialln(n - m);
        };
        jStat3.permutation = function permutation(n, m) {
          return jStat3.factorial(n) / jStat3.factorial(n - m);
        };
        jStat3.betafn = function betafn(x, y) {
          if (x <= 0 || y <= 0)
            return void 0;
          return x + y > 170 ? Math2.exp(jStat3.betaln(x, y)) : jStat3.gammafn(x) * jStat3.gammafn(y) / jStat3.gammafn(x + y);
        };
        jStat3.betaln = function betaln(x, y) {
          return jStat3.gammaln(x) + jStat3.gammaln(y) - jStat3.gammaln(x + y);
        };
        jStat3.betacf = function betacf(x, a, b) {
          var fpmin = 1e-30;
          var m = 1;
          var qab = a + b;
          var qap = a + 1;
          var qam = a - 1;
          var c = 1;
          var d = 1 - qab * x / qap;
          var m2, aa, del, h;
          if (Math2.abs(d) < fpmin)
            d = fpmin;
          d = 1 / d;
          h = d;
          for (; m <= 100; m++) {
            m2 = 2 * m;
            aa = m * (b - m) * x / ((qam + m2) * (a + m2));
            d = 1 + aa * d;
            if (Math2.abs(d) < fpmin)
              d = fpmin;
            c = 1 + aa / c;
            if (Math2.abs(c) < fpmin)
              c = fpmin;
            d = 1 / d;
            h *= d * c;
            aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
            d = 1 + aa * d;
            if (Math2.abs(d) < fpmin)
              d = fpmin;
            c = 1 + aa / c;
            if (Math2.abs(c) < fpmin)
              c = fpmin;
            d = 1 / d;
            del = d * c;
            h *= del;
            if (Math2.abs(del - 1) < 3e-7)
              break;
          }
          return h;
        };
        jStat3.gammapinv = function gammapinv(p, a) {
          var j = 0;
          var a1 = a - 1;
          var EPS = 1e-8;
          var gln = jStat3.gammaln(a);
          var x, err, t, u, pp, lna1, afac;
          if (p >= 1)
            return Math2.max(100, a + 100 * Math2.sqrt(a));
          if (p <= 0)
            return 0;
          if (a > 1) {
            lna1 = Math2.log(a1);
            afac = Math2.exp(a1 * (lna1 - 1) - gln);
            pp = p < 0.5 ? p : 1 - p;
            t = Math2.sqrt(-2 * Math2.log(pp));
            x = (2.30753 + t * 0.27061) / (1 + t * (0.99229 + t * 0.04481)) - t;
            if (p < 0.5)
              x = -x;
            x = Math2.max(
              1e-3,
              a * Math2.pow(1 - 1 / (9 * a) - x / (3 * Math2.sqrt(a)), 3)
            );
          } else {
            t = 1 - a * (0.253 + a * 0.12);
            if (p < t)
              x = Math2.pow(p / t, 1 / a);
            else
              x = 1 - Math2.log(1 - (p - t) / (1 - t));
          }
          for (; j < 12; j++) {
            if (x <= 0)
              return 0;
            err = jStat3.lowRegGamma(a, x) - p;
            if (a > 1)
              t = afac * Math2.exp(-(x - a1) + a1 * (Math2.log(x) - lna1));
            else
              t = Math2.exp(-x + a1 * Math2.log(x) - gln);
            u = err / t;
            x -= t = u / (1 - 0.5 * Math2.min(1, u * ((a - 1) / x - 1)));
            if (x <= 0)
              x = 0.5 * (x + t);
            if (Math2.abs(t) < EPS * x)
              break;
          }
          return x;
        };
        jStat3.erf = function erf(x) {
          var cof = [
            -1.3026537197817094,
            0.6419697923564902,
            0.019476473204185836,
            -0.00956151478680863,
            -946595344482036e-18,
            366839497852761e-18,
            42523324806907e-18,
            -20278578112534e-18,
            -1624290004647e-18,
            130365583558e-17,
            15626441722e-18,
            -85238095915e-18,
            6529054439e-18,
            5059343495e-18,
            -991364156e-18,
            -227365122e-18,
            96467911e-18,
            2394038e-18,
            -6886027e-18,
            894487e-18,
            313092e-18,
            -112708e-18,
            381e-18,
            7106e-18,
            -1523e-18,
            -94e-18,
            121e-18,
            -28e-18
          ];
          var j = cof.length - 1;
          var isneg = false;
          var d = 0;
          var dd = 0;
          var t, ty, tmp, res;
          if (x < 0) {
            x = -x;
            isneg = true;
          }
          t = 2 / (2 + x);
          ty = 4 * t - 2;
          for (; j > 0; j--) {
            tmp = d;
            d = ty * d - dd + cof[j];
            dd = tmp;
          }
          res = t * Math2.exp(-x * x + 0.5 * (cof[0] + ty * d) - dd);
          return isneg ? res - 1 : 1 - res;
        };
        jStat3.erfc = function erfc(x) {
          return 1 - jStat3.erf(x);
        };
        jStat3.erfcinv = function erfcinv(p) {
          var j = 0;
          var x, err, t, pp;
          if (p >= 2)
            return -100;
          if (p <= 0)
            return 100;
          pp = p < 1 ? p : 2 - p;
          t = Math2.sqrt(-2 * Math2.log(pp / 2));
          x = -0.70711 * ((2.30753 + t * 0.27061) / (1 + t * (0.99229 + t * 0.04481)) - t);
          for (; j < 2; j++) {
            err = jStat3.erfc(x) - pp;
            x += err / (1.1283791670955126 * Math2.exp(-x * x) - x * err);
          }
          return p < 1 ? x : -x;
        };
        jStat3.ibetainv = function ibetainv(p, a, b) {
          var EPS = 1e-8;
          var a1 = a - 1;
          var b1 = b - 1;
          var j = 0;
          var lna, lnb, pp, t, u, err, x, al, h, w, afac;
          if (p <= 0)
            return 0;
          if (p >= 1)
            return 1;
          if (a >= 1 && b >= 1) {
            pp = p < 0.5 ? p : 1 - p;
            t = Math2.sqrt(-2 * Math2.log(pp));
            x = (2.30753 + t * 0.27061) / (1 + t * (0.99229 + t * 0.04481)) - t;
            if (p < 0.5)
              x = -x;
            al = (x * x - 3) / 6;
            h = 2 / (1 / (2 * a - 1) + 1 / (2 * b - 1));
            w = x * Math2.sqrt(al + h) / h - (1 / (2 * b - 1) - 1 / (2 * a - 1)) * (al + 5 / 6 - 2 / (3 * h));
            x = a / (a + b * Math2.exp(2 * w));
          } else {
            lna = Math2.log(a / (a + b));
            lnb = Math2.log(b / (a + b));
            t = Math2.exp(a * lna) / a;
            u = Math2.exp(b * lnb) / b;
            w = t + u;
            if (p < t / w)
              x = Math2.pow(a * w * p, 1 / a);
            else
              x = 1 - Math2.pow(b * w * (1 - p), 1 / b);
          }
          afac = -jStat3.gammaln(a) - jStat3.gammaln(b) + jStat3.gammaln(a + b);
          for (; j < 10; j++) {
            if (x === 0 || x === 1)
              return x;
            err = jStat3.ibeta(x, a, b) - p;
            t = Math2.exp(a1 * Math2.log(x) + b1 * Math2.log(1 - x) + afac);
            u = err / t;
            x -= t = u / (1 - 0.5 * Math2.min(1, u * (a1 / x - b1 / (1 - x))));
            if (x <= 0)
              x = 0.5 * (x + t);
            if (x >= 1)
              x = 0.5 * (x + t + 1);
            if (Math2.abs(t) < EPS * x && j > 0)
              break;
          }
          return x;
        };
        jStat3.ibeta = function ibeta(x, a, b) {
          var bt = x === 0 || x === 1 ? 0 : Math2.exp(jStat3.gammaln(a + b) - jStat3.gammaln(a) - jStat3.gammaln(b) + a * Math2.log(x) + b * Math2.log(1 - x));
          if (x < 0 || x > 1)
            return false;
          if (x < (a + 1) / (a + b + 2))
            return bt * jStat3.betacf(x, a, b) / a;
          return 1 - bt * jStat3.betacf(1 - x, b, a) / b;
        };
        jStat3.randn = function randn(n, m) {
          var u, v, x, y, q;
          if (!m)
            m = n;
          if (n)
            return jStat3.create(n, m, function() {
              return jStat3.randn();
            });
          do {
            u = jStat3._random_fn();
            v = 1.7156 * (jStat3._random_fn() - 0.5);
            x = u - 0.449871;
            y = Math2.abs(v) + 0.386595;
            q = x * x + y * (0.196 * y - 0.25472 * x);
          } while (q > 0.27597 && (q > 0.27846 || v * v > -4 * Math2.log(u) * u * u));
          return v / u;
        };
        jStat3.randg = function randg(shape, n, m) {
          var oalph = shape;
          var a1, a2, u, v, x, mat;
          if (!m)
            m = n;
          if (!shape)
            shape = 1;
          if (n) {
            mat = jStat3.zeros(n, m);
            mat.alter(function() {
              return jStat3.randg(shape);
            });
            return mat;
          }
          if (shape < 1)
            shape += 1;
          a1 = shape - 1 / 3;
          a2 = 1 / Math2.sqrt(9 * a1);
          do {
            do {
              x = jStat3.randn();
              v = 1 + a2 * x;
            } while (v <= 0);
            v = v * v * v;
            u = jStat3._random_fn();
          } while (u > 1 - 0.331 * Math2.pow(x, 4) && Math2.log(u) > 0.5 * x * x + a1 * (1 - v + Math2.log(v)));
          if (shape == oalph)
            return a1 * v;
          do {
            u = jStat3._random_fn();
          } while (u === 0);
          return Math2.pow(u, 1 / oalph) * a1 * v;
        };
        (function(funcs) {
          for (var i = 0; i < funcs.length; i++) (function(passfunc) {
            jStat3.fn[passfunc] = function() {
              return jStat3(
                jStat3.map(this, function(value) {
                  return jStat3[passfunc](value);
                })
              );
            };
          })(funcs[i]);
        })("gammaln gammafn factorial factorialln".split(" "));
        (function(funcs) {
          for (var i = 0; i < funcs.length; i++) (function(passfunc) {
            jStat3.fn[passfunc] = function() {
              return jStat3(jStat3[passfunc].apply(null, arguments));
            };
          })(funcs[i]);
        })("randn".split(" "));
      })(jStat2, Math);
      (function(jStat3, Math2) {
        (function(list) {
          for (var i = 0; i < list.length; i++) (function(func) {
            jStat3[func] = function f(a, b, c) {
              if (!(this instanceof f))
                return new f(a, b, c);
              this._a = a;
              this._b = b;
              this._c = c;
              return this;
            };
            jStat3.fn[func] = function(a, b, c) {
              var newthis = jStat3[func](a, b, c);
              newthis.data = this;
              return newthis;
            };
            jStat3[func].prototype.sample = function(arr) {
              var a = this._a;
              var b = this._b;
              var c = this._c;
              if (arr)
                return jStat3.alter(arr, function() {
                  return jStat3[func].sample(a, b, c);
                });
              else
                return jStat3[func].sample(a, b, c);
            };
            (function(vals) {
              for (var i2 = 0; i2 < vals.length; i2++) (function(fnfunc) {
                jStat3[func].prototype[fnfunc] = function(x) {
                  var a = this._a;
                  var b = this._b;
                  var c = this._c;
                  if (!x && x !== 0)
                    x = this.data;
                  if (typeof x !== "number") {
                    return jStat3.fn.map.call(x, function(x2) {
                      return jStat3[func][fnfunc](x2, a, b, c);
                    });
                  }
                  return jStat3[func][fnfunc](x, a, b, c);
                };
              })(vals[i2]);
            })("pdf cdf inv".split(" "));
            (function(vals) {
              for (var i2 = 0; i2 < vals.length; i2++) (function(fnfunc) {
                jStat3[func].prototype[fnfunc] = function() {
                  return jStat3[func][fnfunc](this._a, this._b, this._c);
                };
              })(vals[i2]);
            })("mean median mode variance".split(" "));
          })(list[i]);
        })("beta centralF cauchy chisquare exponential gamma invgamma kumaraswamy laplace lognormal noncentralt normal pareto studentt weibull uniform binomial negbin hypgeom poisson triangular tukey arcsine".split(" "));
        jStat3.extend(jStat3.beta, {
          pdf: function pdf(x, alpha, beta) {
            if (x > 1 || x < 0)
              return 0;
            if (alpha == 1 && beta == 1)
              return 1;
            if (alpha < 512 && beta < 512) {
              return Math2.pow(x, alpha - 1) * Math2.pow(1 - x, beta - 1) / jStat3.betafn(alpha, beta);
            } else {
              return Math2.exp((alpha - 1) * Math2.log(x) + (beta - 1) * Math2.log(1 - x) - jStat3.betaln(alpha, beta));
            }
          },
          cdf: function cdf(x, alpha, beta) {
            return x > 1 || x < 0 ? (x > 1) * 1 : jStat3.ibeta(x, alpha, beta);
          },
          inv: function inv(x, alpha, beta) {
            return jStat3.ibetainv(x, alpha, beta);
          },
          mean: function mean2(alpha, beta) {
            return alpha / (alpha + beta);
          },
          median: function median2(alpha, beta) {
            return jStat3.ibetainv(0.5, alpha, beta);
          },
          mode: function mode(alpha, beta) {
            return (alpha - 1) / (alpha + beta - 2);
          },
          // return a random sample
          sample: function sample(alpha, beta) {
            var u = jStat3.randg(alpha);
            return u / (u + jStat3.randg(beta));
          },
          variance: function variance(alpha, beta) {
            return alpha * beta / (Math2.pow(alpha + beta, 2) * (alpha + beta + 1));
          }
        });
        jStat3.extend(jStat3.centralF, {
          // This implementation of the pdf function avoids float overflow
          // See the way that R calculates this value:
          // https://svn.r-project.org/R/trunk/src/nmath/df.c
          pdf: function pdf(x, df1, df2) {
            var p, q, f;
            if (x < 0)
              return 0;
            if (df1 <= 2) {
              if (x === 0 && df1 < 2) {
                return Infinity;
              }
              if (x === 0 && df1 === 2) {
                return 1;
              }
              return 1 / jStat3.betafn(df1 / 2, df2 / 2) * Math2.pow(df1 / df2, df1 / 2) * Math2.pow(x, df1 / 2 - 1) * Math2.pow(1 + df1 / df2 * x, -(df1 + df2) / 2);
            }
            p = df1 * x / (df2 + x * df1);
            q = df2 / (df2 + x * df1);
            f = df1 * q / 2;
            return f * jStat3.binomial.pdf((df1 - 2) / 2, (df1 + df2 - 2) / 2, p);
          },
          cdf: function cdf(x, df1, df2) {
            if (x < 0)
              return 0;
            return jStat3.ibeta(df1 * x / (df1 * x + df2), df1 / 2, df2 / 2);
          },
          inv: function inv(x, df1, df2) {
            return df2 / (df1 * (1 / jStat3.ibetainv(x, df1 / 2, df2 / 2) - 1));
          },
          mean: function mean2(df1, df2) {
            return df2 > 2 ? df2 / (df2 - 2) : void 0;
          },
          mode: function mode(df1, df2) {
            return df1 > 2 ? df2 * (df1 - 2) / (df1 * (df2 + 2)) : void 0;
          },
          // return a random sample
          sample: function sample(df1, df2) {
            var x1 = jStat3.randg(df1 / 2) * 2;
            var x2 = jStat3.randg(df2 / 2) * 2;
            return x1 / df1 / (x2 / df2);
          },
          variance: function variance(df1, df2) {
            if (df2 <= 4)
              return void 0;
            return 2 * df2 * df2 * (df1 + df2 - 2) / (df1 * (df2 - 2) * (df2 - 2) * (df2 - 4));
          }
        });
        jStat3.extend(jStat3.cauchy, {
          pdf: function pdf(x, local, scale) {
            if (scale < 0) {
              return 0;
            }
            return scale / (Math2.pow(x - local, 2) + Math2.pow(scale, 2)) / Math2.PI;
          },
          cdf: function cdf(x, local, scale) {
            return Math2.atan((x - local) / scale) / Math2.PI + 0.5;
          },
          inv: function(p, local, scale) {
            return local + scale * Math2.tan(Math2.PI * (p - 0.5));
          },
          median: function median2(local) {
            return local;
          },
          mode: function mode(local) {
            return local;
          },
          sample: function sample(local, scale) {
            return jStat3.randn() * Math2.sqrt(1 / (2 * jStat3.randg(0.5))) * scale + local;
          }
        });
        jStat3.extend(jStat3.chisquare, {
          pdf: function pdf(x, dof) {
            if (x < 0)
              return 0;
            return x === 0 && dof === 2 ? 0.5 : Math2.exp((dof / 2 - 1) * Math2.log(x) - x / 2 - dof / 2 * Math2.log(2) - jStat3.gammaln(dof / 2));
          },
          cdf: function cdf(x, dof) {
            if (x < 0)
              return 0;
            return jStat3.lowRegGamma(dof / 2, x / 2);
          },
          inv: function(p, dof) {
            return 2 * jStat3.gammapinv(p, 0.5 * dof);
          },
          mean: function(dof) {
            return dof;
          },
          // TODO: this is an approximation (is there a better way?)
          median: function median2(dof) {
            return dof * Math2.pow(1 - 2 / (9 * dof), 3);
          },
          mode: function mode(dof) {
            return dof - 2 > 0 ? dof - 2 : 0;
          },
          sample: function sample(dof) {
            return jStat3.randg(dof / 2) * 2;
          },
          variance: function variance(dof) {
            return 2 * dof;
          }
        });
        jStat3.extend(jStat3.exponential, {
          pdf: function pdf(x, rate) {
            return x < 0 ? 0 : rate * Math2.exp(-rate * x);
          },
          cdf: function cdf(x, rate) {
            return x < 0 ? 0 : 1 - Math2.exp(-rate * x);
          },
          inv: function(p, rate) {
            return -Math2.log(1 - p) / rate;
          },
          mean: function(rate) {
            return 1 / rate;
          },
          median: function(rate) {
            return 1 / rate * Math2.log(2);
          },
          mode: function mode() {
            return 0;
          },
          sample: function sample(rate) {
            return -1 / rate * Math2.log(jStat3._random_fn());
          },
          variance: function(rate) {
            return Math2.pow(rate, -2);
          }
        });
        jStat3.extend(jStat3.gamma, {
          pdf: function pdf(x, shape, scale) {
            if (x < 0)
              return 0;
            return x === 0 && shape === 1 ? 1 / scale : Math2.exp((shape - 1) * Math2.log(x) - x / scale - jStat3.gammaln(shape) - shape * Math2.log(scale));
          },
          cdf: function cdf(x, shape, scale) {
            if (x < 0)
              return 0;
            return jStat3.lowRegGamma(shape, x / scale);
          },
          inv: function(p, shape, scale) {
            return jStat3.gammapinv(p, shape) * scale;
          },
          mean: function(shape, scale) {
            return shape * scale;
          },
          mode: function mode(shape, scale) {
            if (shape > 1) return (shape - 1) * scale;
            return void 0;
          },
          sample: function sample(shape, scale) {
            return jStat3.randg(shape) * scale;
          },
          variance: function variance(shape, scale) {
            return shape * scale * scale;
          }
        });
        jStat3.extend(jStat3.invgamma, {
          pdf: function pdf(x, shape, scale) {
            if (x <= 0)
              return 0;
            return Math2.exp(-(shape + 1) * Math2.log(x) - scale / x - jStat3.gammaln(shape) + shape * Math2.log(scale));
          },
          cdf: function cdf(x, shape, scale) {
            if (x <= 0)
              return 0;
            return 1 - jStat3.lowRegGamma(shape, scale / x);
          },
          inv: function(p, shape, scale) {
            return scale / jStat3.gammapinv(1 - p, shape);
          },
          mean: function(shape, scale) {
            return shape > 1 ? scale / (shape - 1) : void 0;
          },
          mode: function mode(shape, scale) {
            return scale / (shape + 1);
          },
          sample: function sample(shape, scale) {
            return scale / jStat3.randg(shape);
          },
          variance: function variance(shape, scale) {
            if (shape <= 2)
              return void 0;
            return scale * scale / ((shape - 1) * (shape - 1) * (shape - 2));
          }
        });
        jStat3.extend(jStat3.kumaraswamy, {
          pdf: function pdf(x, alpha, beta) {
            if (x === 0 && alpha === 1)
              return beta;
            else if (x === 1 && beta === 1)
              return alpha;
            return Math2.exp(Math2.log(alpha) + Math2.log(beta) + (alpha - 1) * Math2.log(x) + (beta - 1) * Math2.log(1 - Math2.pow(x, alpha)));
          },
          cdf: function cdf(x, alpha, beta) {
            if (x < 0)
              return 0;
            else if (x > 1)
              return 1;
            return 1 - Math2.pow(1 - Math2.pow(x, alpha), beta);
          },
          inv: function inv(p, alpha, beta) {
            return Math2.pow(1 - Math2.pow(1 - p, 1 / beta), 1 / alpha);
          },
          mean: function(alpha, beta) {
            return beta * jStat3.gammafn(1 + 1 / alpha) * jStat3.gammafn(beta) / jStat3.gammafn(1 + 1 / alpha + beta);
          },
          median: function median2(alpha, beta) {
            return Math2.pow(1 - Math2.pow(2, -1 / beta), 1 / alpha);
          },
          mode: function mode(alpha, beta) {
            if (!(alpha >= 1 && beta >= 1 && (alpha !== 1 && beta !== 1)))
              return void 0;
            return Math2.pow((alpha - 1) / (alpha * beta - 1), 1 / alpha);
          },
          variance: function variance() {
            throw new Error("variance not yet implemented");
          }
        });
        jStat3.extend(jStat3.lognormal, {
          pdf: function pdf(x, mu, sigma) {
            if (x <= 0)
              return 0;
            return Math2.exp(-Math2.log(x) - 0.5 * Math2.log(2 * Math2.PI) - Math2.log(sigma) - Math2.pow(Math2.log(x) - mu, 2) / (2 * sigma * sigma));
          },
          cdf: function cdf(x, mu, sigma) {
            if (x < 0)
              return 0;
            return 0.5 + 0.5 * jStat3.erf((Math2.log(x) - mu) / Math2.sqrt(2 * sigma * sigma));
          },
          inv: function(p, mu, sigma) {
            return Math2.exp(-1.4142135623730951 * sigma * jStat3.erfcinv(2 * p) + mu);
          },
          mean: function mean2(mu, sigma) {
            return Math2.exp(mu + sigma * sigma / 2);
          },
          median: function median2(mu) {
            return Math2.exp(mu);
          },
          mode: function mode(mu, sigma) {
            return Math2.exp(mu - sigma * sigma);
          },
          sample: function sample(mu, sigma) {
            return Math2.exp(jStat3.randn() * sigma + mu);
          },
          variance: function variance(mu, sigma) {
            return (Math2.exp(sigma * sigma) - 1) * Math2.exp(2 * mu + sigma * sigma);
          }
        });
        jStat3.extend(jStat3.noncentralt, {
          pdf: function pdf(x, dof, ncp) {
            var tol = 1e-14;
            if (Math2.abs(ncp) < tol)
              return jStat3.studentt.pdf(x, dof);
            if (Math2.abs(x) < tol) {
              return Math2.exp(jStat3.gammaln((dof + 1) / 2) - ncp * ncp / 2 - 0.5 * Math2.log(Math2.PI * dof) - jStat3.gammaln(dof / 2));
            }
            return dof / x * (jStat3.noncentralt.cdf(x * Math2.sqrt(1 + 2 / dof), dof + 2, ncp) - jStat3.noncentralt.cdf(x, dof, ncp));
          },
          cdf: function cdf(x, dof, ncp) {
            var tol = 1e-14;
            var min_iterations = 200;
            if (Math2.abs(ncp) < tol)
              return jStat3.studentt.cdf(x, dof);
            var flip = false;
            if (x < 0) {
              flip = true;
              ncp = -ncp;
            }
            var prob = jStat3.normal.cdf(-ncp, 0, 1);
            var value = tol + 1;
            var lastvalue = value;
            var y = x * x / (x * x + dof);
            var j = 0;
            var p = Math2.exp(-ncp * ncp / 2);
            var q = Math2.exp(-ncp * ncp / 2 - 0.5 * Math2.log(2) - jStat3.gammaln(3 / 2)) * ncp;
            while (j < min_iterations || lastvalue > tol || value > tol) {
              lastvalue = value;
              if (j > 0) {
                p *= ncp * ncp / (2 * j);
                q *= ncp * ncp / (2 * (j + 1 / 2));
              }
              value = p * jStat3.beta.cdf(y, j + 0.5, dof / 2) + q * jStat3.beta.cdf(y, j + 1, dof / 2);
              prob += 0.5 * value;
              j++;
            }
            return flip ? 1 - prob : prob;
          }
        });
        jStat3.extend(jStat3.normal, {
          pdf: function pdf(x, mean2, std) {
            return Math2.exp(-0.5 * Math2.log(2 * Math2.PI) - Math2.log(std) - Math2.pow(x - mean2, 2) / (2 * std * std));
          },
          cdf: function cdf(x, mean2, std) {
            return 0.5 * (1 + jStat3.erf((x - mean2) / Math2.sqrt(2 * std * std)));
          },
          inv: function(p, mean2, std) {
            return -1.4142135623730951 * std * jStat3.erfcinv(2 * p) + mean2;
          },
          mean: function(mean2) {
            return mean2;
          },
          median: function median2(mean2) {
            return mean2;
          },
          mode: function(mean2) {
            return mean2;
          },
          sample: function sample(mean2, std) {
            return jStat3.randn() * std + mean2;
          },
          variance: function(mean2, std) {
            return std * std;
          }
        });
        jStat3.extend(jStat3.pareto, {
          pdf: function pdf(x, scale, shape) {
            if (x < scale)
              return 0;
            return shape * Math2.pow(scale, shape) / Math2.pow(x, shape + 1);
          },
          cdf: function cdf(x, scale, shape) {
            if (x < scale)
              return 0;
            return 1 - Math2.pow(scale / x, shape);
          },
          inv: function inv(p, scale, shape) {
            return scale / Math2.pow(1 - p, 1 / shape);
          },
          mean: function mean2(scale, shape) {
            if (shape <= 1)
              return void 0;
            return shape * Math2.pow(scale, shape) / (shape - 1);
          },
          median: function median2(scale, shape) {
            return scale * (shape * Math2.SQRT2);
          },
          mode: function mode(scale) {
            return scale;
          },
          variance: function(scale, shape) {
            if (shape <= 2)
              return void 0;
            return scale * scale * shape / (Math2.pow(shape - 1, 2) * (shape - 2));
          }
        });
        jStat3.extend(jStat3.studentt, {
          pdf: function pdf(x, dof) {
            dof = dof > 1e100 ? 1e100 : dof;
            return 1 / (Math2.sqrt(dof) * jStat3.betafn(0.5, dof / 2)) * Math2.pow(1 + x * x / dof, -((dof + 1) / 2));
          },
          cdf: function cdf(x, dof) {
            var dof2 = dof / 2;
            return jStat3.ibeta((x + Math2.sqrt(x * x + dof)) / (2 * Math2.sqrt(x * x + dof)), dof2, dof2);
          },
          inv: function(p, dof) {
            var x = jStat3.ibetainv(2 * Math2.min(p, 1 - p), 0.5 * dof, 0.5);
            x = Math2.sqrt(dof * (1 - x) / x);
            return p > 0.5 ? x : -x;
          },
          mean: function mean2(dof) {
            return dof > 1 ? 0 : void 0;
          },
          median: function median2() {
            return 0;
          },
          mode: function mode() {
            return 0;
          },
          sample: function sample(dof) {
            return jStat3.randn() * Math2.sqrt(dof / (2 * jStat3.randg(dof / 2)));
          },
          variance: function variance(dof) {
            return dof > 2 ? dof / (dof - 2) : dof > 1 ? Infinity : void 0;
          }
        });
        jStat3.extend(jStat3.weibull, {
          pdf: function pdf(x, scale, shape) {
            if (x < 0 || scale < 0 || shape < 0)
              return 0;
            return shape / scale * Math2.pow(x / scale, shape - 1) * Math2.exp(-Math2.pow(x / scale, shape));
          },
          cdf: function cdf(x, scale, shape) {
            return x < 0 ? 0 : 1 - Math2.exp(-Math2.pow(x / scale, shape));
          },
          inv: function(p, scale, shape) {
            return scale * Math2.pow(-Math2.log(1 - p), 1 / shape);
          },
          mean: function(scale, shape) {
            return scale * jStat3.gammafn(1 + 1 / shape);
          },
          median: function median2(scale, shape) {
            return scale * Math2.pow(Math2.log(2), 1 / shape);
          },
          mode: function mode(scale, shape) {
            if (shape <= 1)
              return 0;
            return scale * Math2.pow((shape - 1) / shape, 1 / shape);
          },
          sample: function sample(scale, shape) {
            return scale * Math2.pow(-Math2.log(jStat3._random_fn()), 1 / shape);
          },
          variance: function variance(scale, shape) {
            return scale * scale * jStat3.gammafn(1 + 2 / shape) - Math2.pow(jStat3.weibull.mean(scale, shape), 2);
          }
        });
        jStat3.extend(jStat3.uniform, {
          pdf: function pdf(x, a, b) {
            return x < a || x > b ? 0 : 1 / (b - a);
          },
          cdf: function cdf(x, a, b) {
            if (x < a)
              return 0;
            else if (x < b)
              return (x - a) / (b - a);
            return 1;
          },
          inv: function(p, a, b) {
            return a + p * (b - a);
          },
          mean: function mean2(a, b) {
            return 0.5 * (a + b);
          },
          median: function median2(a, b) {
            return jStat3.mean(a, b);
          },
          mode: function mode() {
            throw new Error("mode is not yet implemented");
          },
          sample: function sample(a, b) {
            return a / 2 + b / 2 + (b / 2 - a / 2) * (2 * jStat3._random_fn() - 1);
          },
          variance: function variance(a, b) {
            return Math2.pow(b - a, 2) / 12;
          }
        });
        function betinc(x, a, b, eps) {
          var a0 = 0;
          var b0 = 1;
          var a1 = 1;
          var b1 = 1;
          var m9 = 0;
          var a2 = 0;
          var c9;
          while (Math2.abs((a1 - a2) / a1) > eps) {
            a2 = a1;
            c9 = -(a + m9) * (a + b + m9) * x / (a + 2 * m9) / (a + 2 * m9 + 1);
            a0 = a1 + c9 * a0;
            b0 = b1 + c9 * b0;
            m9 = m9 + 1;
            c9 = m9 * (b - m9) * x / (a + 2 * m9 - 1) / (a + 2 * m9);
            a1 = a0 + c9 * a1;
            b1 = b0 + c9 * b1;
            a0 = a0 / b1;
            b0 = b0 / b1;
            a1 = a1 / b1;
            b1 = 1;
          }
          return a1 / a;
        }
        jStat3.extend(jStat3.binomial, {
          pdf: function pdf(k, n, p) {
            return p === 0 || p === 1 ? n * p === k ? 1 : 0 : jStat3.combination(n, k) * Math2.pow(p, k) * Math2.pow(1 - p, n - k);
          },
          cdf: function cdf(x, n, p) {
            var betacdf;
            var eps = 1e-10;
            if (x < 0)
              return 0;
            if (x >= n)
              return 1;
            if (p < 0 || p > 1 || n <= 0)
              return NaN;
            x = Math2.floor(x);
            var z2 = p;
            var a = x + 1;
            var b = n - x;
            var s = a + b;
            var bt = Math2.exp(jStat3.gammaln(s) - jStat3.gammaln(b) - jStat3.gammaln(a) + a * Math2.log(z2) + b * Math2.log(1 - z2));
            if (z2 < (a + 1) / (s + 2))
              betacdf = bt * betinc(z2, a, b, eps);
            else
              betacdf = 1 - bt * betinc(1 - z2, b, a, eps);
            return Math2.round((1 - betacdf) * (1 / eps)) / (1 / eps);
          }
        });
        jStat3.extend(jStat3.negbin, {
          pdf: function pdf(k, r, p) {
            if (k !== k >>> 0)
              return false;
            if (k < 0)
              return 0;
            return jStat3.combination(k + r - 1, r - 1) * Math2.pow(1 - p, k) * Math2.pow(p, r);
          },
          cdf: function cdf(x, r, p) {
            var sum2 = 0, k = 0;
            if (x < 0) return 0;
            for (; k <= x; k++) {
              sum2 += jStat3.negbin.pdf(k, r, p);
            }
            return sum2;
          }
        });
        jStat3.extend(jStat3.hypgeom, {
          pdf: function pdf(k, N, m, n) {
            if (k !== k | 0) {
              return false;
            } else if (k < 0 || k < m - (N - n)) {
              return 0;
            } else if (k > n || k > m) {
              return 0;
            } else if (m * 2 > N) {
              if (n * 2 > N) {
                return jStat3.hypgeom.pdf(N - m - n + k, N, N - m, N - n);
              } else {
                return jStat3.hypgeom.pdf(n - k, N, N - m, n);
              }
            } else if (n * 2 > N) {
              return jStat3.hypgeom.pdf(m - k, N, m, N - n);
            } else if (m < n) {
              return jStat3.hypgeom.pdf(k, N, n, m);
            } else {
              var scaledPDF = 1;
              var samplesDone = 0;
              for (var i = 0; i < k; i++) {
                while (scaledPDF > 1 && samplesDone < n) {
                  scaledPDF *= 1 - m / (N - samplesDone);
                  samplesDone++;
                }
                scaledPDF *= (n - i) * (m - i) / ((i + 1) * (N - m - n + i + 1));
              }
              for (; samplesDone < n; samplesDone++) {
                scaledPDF *= 1 - m / (N - samplesDone);
              }
              return Math2.min(1, Math2.max(0, scaledPDF));
            }
          },
          cdf: function cdf(x, N, m, n) {
            if (x < 0 || x < m - (N - n)) {
              return 0;
            } else if (x >= n || x >= m) {
              return 1;
            } else if (m * 2 > N) {
              if (n * 2 > N) {
                return jStat3.hypgeom.cdf(N - m - n + x, N, N - m, N - n);
              } else {
                return 1 - jStat3.hypgeom.cdf(n - x - 1, N, N - m, n);
              }
            } else if (n * 2 > N) {
              return 1 - jStat3.hypgeom.cdf(m - x - 1, N, m, N - n);
            } else if (m < n) {
              return jStat3.hypgeom.cdf(x, N, n, m);
            } else {
              var scaledCDF = 1;
              var scaledPDF = 1;
              var samplesDone = 0;
              for (var i = 0; i < x; i++) {
                while (scaledCDF > 1 && samplesDone < n) {
                  var factor = 1 - m / (N - samplesDone);
                  scaledPDF *= factor;
                  scaledCDF *= factor;
                  samplesDone++;
                }
                scaledPDF *= (n - i) * (m - i) / ((i + 1) * (N - m - n + i + 1));
                scaledCDF += scaledPDF;
              }
              for (; samplesDone < n; samplesDone++) {
                scaledCDF *= 1 - m / (N - samplesDone);
              }
              return Math2.min(1, Math2.max(0, scaledCDF));
            }
          }
        });
        jStat3.extend(jStat3.poisson, {
          pdf: function pdf(k, l) {
            if (l < 0 || k % 1 !== 0 || k < 0) {
              return 0;
            }
            return Math2.pow(l, k) * Math2.exp(-l) / jStat3.factorial(k);
          },
          cdf: function cdf(x, l) {
            var sumarr = [], k = 0;
            if (x < 0) return 0;
            for (; k <= x; k++) {
              sumarr.push(jStat3.poisson.pdf(k, l));
            }
            return jStat3.sum(sumarr);
          },
          mean: function(l) {
            return l;
          },
          variance: function(l) {
            return l;
          },
          sampleSmall: function sampleSmall(l) {
            var p = 1, k = 0, L = Math2.exp(-l);
            do {
              k++;
              p *= jStat3._random_fn();
            } while (p > L);
            return k - 1;
          },
          sampleLarge: function sampleLarge(l) {
            var lam = l;
            var k;
            var U, V, slam, loglam, a, b, invalpha, vr, us;
            slam = Math2.sqrt(lam);
            loglam = Math2.log(lam);
            b = 0.931 + 2.53 * slam;
            a = -0.059 + 0.02483 * b;
            invalpha = 1.1239 + 1.1328 / (b - 3.4);
            vr = 0.9277 - 3.6224 / (b - 2);
            while (1) {
              U = Math2.random() - 0.5;
              V = Math2.random();
              us = 0.5 - Math2.abs(U);
              k = Math2.floor((2 * a / us + b) * U + lam + 0.43);
              if (us >= 0.07 && V <= vr) {
                return k;
              }
              if (k < 0 || us < 0.013 && V > us) {
                continue;
              }
              if (Math2.log(V) + Math2.log(invalpha) - Math2.log(a / (us * us) + b) <= -lam + k * loglam - jStat3.loggam(k + 1)) {
                return k;
              }
            }
          },
          sample: function sample(l) {
            if (l < 10)
              return this.sampleSmall(l);
            else
              return this.sampleLarge(l);
          }
        });
        jStat3.extend(jStat3.triangular, {
          pdf: function pdf(x, a, b, c) {
            if (b <= a || c < a || c > b) {
              return NaN;
            } else {
              if (x < a || x > b) {
                return 0;
              } else if (x < c) {
                return 2 * (x - a) / ((b - a) * (c - a));
              } else if (x === c) {
                return 2 / (b - a);
              } else {
                return 2 * (b - x) / ((b - a) * (b - c));
              }
            }
          },
          cdf: function cdf(x, a, b, c) {
            if (b <= a || c < a || c > b)
              return NaN;
            if (x <= a)
              return 0;
            else if (x >= b)
              return 1;
            if (x <= c)
              return Math2.pow(x - a, 2) / ((b - a) * (c - a));
            else
              return 1 - Math2.pow(b - x, 2) / ((b - a) * (b - c));
          },
          inv: function inv(p, a, b, c) {
            if (b <= a || c < a || c > b) {
              return NaN;
            } else {
              if (p <= (c - a) / (b - a)) {
                return a + (b - a) * Math2.sqrt(p * ((c - a) / (b - a)));
              } else {
                return a + (b - a) * (1 - Math2.sqrt((1 - p) * (1 - (c - a) / (b - a))));
              }
            }
          },
          mean: function mean2(a, b, c) {
            return (a + b + c) / 3;
          },
          median: function median2(a, b, c) {
            if (c <= (a + b) / 2) {
              return b - Math2.sqrt((b - a) * (b - c)) / Math2.sqrt(2);
            } else if (c > (a + b) / 2) {
              return a + Math2.sqrt((b - a) * (c - a)) / Math2.sqrt(2);
            }
          },
          mode: function mode(a, b, c) {
            return c;
          },
          sample: function sample(a, b, c) {
            var u = jStat3._random_fn();
            if (u < (c - a) / (b - a))
              return a + Math2.sqrt(u * (b - a) * (c - a));
            return b - Math2.sqrt((1 - u) * (b - a) * (b - c));
          },
          variance: function variance(a, b, c) {
            return (a * a + b * b + c * c - a * b - a * c - b * c) / 18;
          }
        });
        jStat3.extend(jStat3.arcsine, {
          pdf: function pdf(x, a, b) {
            if (b <= a) return NaN;
            return x <= a || x >= b ? 0 : 2 / Math2.PI * Math2.pow(Math2.pow(b - a, 2) - Math2.pow(2 * x - a - b, 2), -0.5);
          },
          cdf: function cdf(x, a, b) {
            if (x < a)
              return 0;
            else if (x < b)
              return 2 / Math2.PI * Math2.asin(Math2.sqrt((x - a) / (b - a)));
            return 1;
          },
          inv: function(p, a, b) {
            return a + (0.5 - 0.5 * Math2.cos(Math2.PI * p)) * (b - a);
          },
          mean: function mean2(a, b) {
            if (b <= a) return NaN;
            return (a + b) / 2;
          },
          median: function median2(a, b) {
            if (b <= a) return NaN;
            return (a + b) / 2;
          },
          mode: function mode() {
            throw new Error("mode is not yet implemented");
          },
          sample: function sample(a, b) {
            return (a + b) / 2 + (b - a) / 2 * Math2.sin(2 * Math2.PI * jStat3.uniform.sample(0, 1));
          },
          variance: function variance(a, b) {
            if (b <= a) return NaN;
            return Math2.pow(b - a, 2) / 8;
          }
        });
        function laplaceSign(x) {
          return x / Math2.abs(x);
        }
        jStat3.extend(jStat3.laplace, {
          pdf: function pdf(x, mu, b) {
            return b <= 0 ? 0 : Math2.exp(-Math2.abs(x - mu) / b) / (2 * b);
          },
          cdf: function cdf(x, mu, b) {
            if (b <= 0) {
              return 0;
            }
            if (x < mu) {
              return 0.5 * Math2.exp((x - mu) / b);
            } else {
              return 1 - 0.5 * Math2.exp(-(x - mu) / b);
            }
          },
          mean: function(mu) {
            return mu;
          },
          median: function(mu) {
            return mu;
          },
          mode: function(mu) {
            return mu;
          },
          variance: function(mu, b) {
            return 2 * b * b;
          },
          sample: function sample(mu, b) {
            var u = jStat3._random_fn() - 0.5;
            return mu - b * laplaceSign(u) * Math2.log(1 - 2 * Math2.abs(u));
          }
        });
        function tukeyWprob(w, rr, cc) {
          var nleg = 12;
          var ihalf = 6;
          var C1 = -30;
          var C2 = -50;
          var C3 = 60;
          var bb = 8;
          var wlar = 3;
          var wincr1 = 2;
          var wincr2 = 3;
          var xleg = [
            0.9815606342467192,
            0.9041172563704749,
            0.7699026741943047,
            0.5873179542866175,
            0.3678314989981802,
            0.1252334085114689
          ];
          var aleg = [
            0.04717533638651183,
            0.10693932599531843,
            0.16007832854334622,
            0.20316742672306592,
            0.2334925365383548,
            0.24914704581340277
          ];
          var qsqz = w * 0.5;
          if (qsqz >= bb)
            return 1;
          var pr_w = 2 * jStat3.normal.cdf(qsqz, 0, 1, 1, 0) - 1;
          if (pr_w >= Math2.exp(C2 / cc))
            pr_w = Math2.pow(pr_w, cc);
          else
            pr_w = 0;
          var wincr;
          if (w > wlar)
            wincr = wincr1;
          else
            wincr = wincr2;
          var blb = qsqz;
          var binc = (bb - qsqz) / wincr;
          var bub = blb + binc;
          var einsum = 0;
          var cc1 = cc - 1;
          for (var wi = 1; wi <= wincr; wi++) {
            var elsum = 0;
            var a = 0.5 * (bub + blb);
            var b = 0.5 * (bub - blb);
            for (var jj = 1; jj <= nleg; jj++) {
              var j, xx;
              if (ihalf < jj) {
                j = nleg - jj + 1;
                xx = xleg[j - 1];
              } else {
                j = jj;
                xx = -xleg[j - 1];
              }
              var c = b * xx;
              var ac = a + c;
              var qexpo = ac * ac;
              if (qexpo > C3)
                break;
              var pplus = 2 * jStat3.normal.cdf(ac, 0, 1, 1, 0);
              var pminus = 2 * jStat3.normal.cdf(ac, w, 1, 1, 0);
              var rinsum = pplus * 0.5 - pminus * 0.5;
              if (rinsum >= Math2.exp(C1 / cc1)) {
                rinsum = aleg[j - 1] * Math2.exp(-(0.5 * qexpo)) * Math2.pow(rinsum, cc1);
                elsum += rinsum;
              }
            }
            elsum *= 2 * b * cc / Math2.sqrt(2 * Math2.PI);
            einsum += elsum;
            blb = bub;
            bub += binc;
          }
          pr_w += einsum;
          if (pr_w <= Math2.exp(C1 / rr))
            return 0;
          pr_w = Math2.pow(pr_w, rr);
          if (pr_w >= 1)
            return 1;
          return pr_w;
        }
        function tukeyQinv(p, c, v) {
          var p0 = 0.322232421088;
          var q0 = 0.099348462606;
          var p1 = -1;
          var q1 = 0.588581570495;
          var p2 = -0.342242088547;
          var q2 = 0.531103462366;
          var p3 = -0.204231210125;
          var q3 = 0.10353775285;
          var p4 = -453642210148e-16;
          var q4 = 0.0038560700634;
          var c1 = 0.8832;
          var c2 = 0.2368;
          var c3 = 1.214;
          var c4 = 1.208;
          var c5 = 1.4142;
          var vmax = 120;
          var ps = 0.5 - 0.5 * p;
          var yi = Math2.sqrt(Math2.log(1 / (ps * ps)));
          var t = yi + ((((yi * p4 + p3) * yi + p2) * yi + p1) * yi + p0) / ((((yi * q4 + q3) * yi + q2) * yi + q1) * yi + q0);
          if (v < vmax) t += (t * t * t + t) / v / 4;
          var q = c1 - c2 * t;
          if (v < vmax) q += -c3 / v + c4 * t / v;
          return t * (q * Math2.log(c - 1) + c5);
        }
        jStat3.extend(jStat3.tukey, {
          cdf: function cdf(q, nmeans, df) {
            var rr = 1;
            var cc = nmeans;
            var nlegq = 16;
            var ihalfq = 8;
            var eps1 = -30;
            var eps2 = 1e-14;
            var dhaf = 100;
            var dquar = 800;
            var deigh = 5e3;
            var dlarg = 25e3;
            var ulen1 = 1;
            var ulen2 = 0.5;
            var ulen3 = 0.25;
            var ulen4 = 0.125;
            var xlegq = [
              0.9894009349916499,
              0.9445750230732326,
              0.8656312023878318,
              0.755404408355003,
              0.6178762444026438,
              0.45801677765722737,
              0.2816035507792589,
              0.09501250983763744
            ];
            var alegq = [
              0.027152459411754096,
              0.062253523938647894,
              0.09515851168249279,
              0.12462897125553388,
              0.14959598881657674,
              0.16915651939500254,
              0.18260341504492358,
              0.1894506104550685
            ];
            if (q <= 0)
              return 0;
            if (df < 2 || rr < 1 || cc < 2) return NaN;
            if (!Number.isFinite(q))
              return 1;
            if (df > dlarg)
              return tukeyWprob(q, rr, cc);
            var f2 = df * 0.5;
            var f2lf = f2 * Math2.log(df) - df * Math2.log(2) - jStat3.gammaln(f2);
            var f21 = f2 - 1;
            var ff4 = df * 0.25;
            var ulen;
            if (df <= dhaf) ulen = ulen1;
            else if (df <= dquar) ulen = ulen2;
            else if (df <= deigh) ulen = ulen3;
            else ulen = ulen4;
            f2lf += Math2.log(ulen);
            var ans = 0;
            for (var i = 1; i <= 50; i++) {
              var otsum = 0;
              var twa1 = (2 * i - 1) * ulen;
              for (var jj = 1; jj <= nlegq; jj++) {
                var j, t1;
                if (ihalfq < jj) {
                  j = jj - ihalfq - 1;
                  t1 = f2lf + f21 * Math2.log(twa1 + xlegq[j] * ulen) - (xlegq[j] * ulen + twa1) * ff4;
                } else {
                  j = jj - 1;
                  t1 = f2lf + f21 * Math2.log(twa1 - xlegq[j] * ulen) + (xlegq[j] * ulen - twa1) * ff4;
                }
                var qsqz;
                if (t1 >= eps1) {
                  if (ihalfq < jj) {
                    qsqz = q * Math2.sqrt((xlegq[j] * ulen + twa1) * 0.5);
                  } else {
                    qsqz = q * Math2.sqrt((-(xlegq[j] * ulen) + twa1) * 0.5);
                  }
                  var wprb = tukeyWprob(qsqz, rr, cc);
                  var rotsum = wprb * alegq[j] * Math2.exp(t1);
                  otsum += rotsum;
                }
              }
              if (i * ulen >= 1 && otsum <= eps2)
                break;
              ans += otsum;
            }
            if (otsum > eps2) {
              throw new Error("tukey.cdf failed to converge");
            }
            if (ans > 1)
              ans = 1;
            return ans;
          },
          inv: function(p, nmeans, df) {
            var rr = 1;
            var cc = nmeans;
            var eps = 1e-4;
            var maxiter = 50;
            if (df < 2 || rr < 1 || cc < 2) return NaN;
            if (p < 0 || p > 1) return NaN;
            if (p === 0) return 0;
            if (p === 1) return Infinity;
            var x0 = tukeyQinv(p, cc, df);
            var valx0 = jStat3.tukey.cdf(x0, nmeans, df) - p;
            var x1;
            if (valx0 > 0)
              x1 = Math2.max(0, x0 - 1);
            else
              x1 = x0 + 1;
            var valx1 = jStat3.tukey.cdf(x1, nmeans, df) - p;
            var ans;
            for (var iter = 1; iter < maxiter; iter++) {
              ans = x1 - valx1 * (x1 - x0) / (valx1 - valx0);
              valx0 = valx1;
              x0 = x1;
              if (ans < 0) {
                ans = 0;
                valx1 = -p;
              }
              valx1 = jStat3.tukey.cdf(ans, nmeans, df) - p;
              x1 = ans;
              var xabs = Math2.abs(x1 - x0);
              if (xabs < eps)
                return ans;
            }
            throw new Error("tukey.inv failed to converge");
          }
        });
      })(jStat2, Math);
      (function(jStat3, Math2) {
        var push = Array.prototype.push;
        var isArray = jStat3.utils.isArray;
        function isUsable(arg) {
          return isArray(arg) || arg instanceof jStat3;
        }
        jStat3.extend({
          // add a vector/matrix to a vector/matrix or scalar
          add: function add(arr, arg) {
            if (isUsable(arg)) {
              if (!isUsable(arg[0])) arg = [arg];
              return jStat3.map(arr, function(value, row2, col) {
                return value + arg[row2][col];
              });
            }
            return jStat3.map(arr, function(value) {
              return value + arg;
            });
          },
          // subtract a vector or scalar from the vector
          subtract: function subtract(arr, arg) {
            if (isUsable(arg)) {
              if (!isUsable(arg[0])) arg = [arg];
              return jStat3.map(arr, function(value, row2, col) {
                return value - arg[row2][col] || 0;
              });
            }
            return jStat3.map(arr, function(value) {
              return value - arg;
            });
          },
          // matrix division
          divide: function divide(arr, arg) {
            if (isUsable(arg)) {
              if (!isUsable(arg[0])) arg = [arg];
              return jStat3.multiply(arr, jStat3.inv(arg));
            }
            return jStat3.map(arr, function(value) {
              return value / arg;
            });
          },
          // matrix multiplication
          multiply: function multiply(arr, arg) {
            var row2, col, nrescols, sum2, nrow, ncol, res, rescols;
            if (arr.length === void 0 && arg.length === void 0) {
              return arr * arg;
            }
            nrow = arr.length, ncol = arr[0].length, res = jStat3.zeros(nrow, nrescols = isUsable(arg) ? arg[0].length : ncol), rescols = 0;
            if (isUsable(arg)) {
              for (; rescols < nrescols; rescols++) {
                for (row2 = 0; row2 < nrow; row2++) {
                  sum2 = 0;
                  for (col = 0; col < ncol; col++)
                    sum2 += arr[row2][col] * arg[col][rescols];
                  res[row2][rescols] = sum2;
                }
              }
              return nrow === 1 && rescols === 1 ? res[0][0] : res;
            }
            return jStat3.map(arr, function(value) {
              return value * arg;
            });
          },
          // outer([1,2,3],[4,5,6])
          // ===
          // [[1],[2],[3]] times [[4,5,6]]
          // ->
          // [[4,5,6],[8,10,12],[12,15,18]]
          outer: function outer(A, B) {
            return jStat3.multiply(A.map(function(t) {
              return [t];
            }), [B]);
          },
          // Returns the dot product of two matricies
          dot: function dot(arr, arg) {
            if (!isUsable(arr[0])) arr = [arr];
            if (!isUsable(arg[0])) arg = [arg];
            var left = arr[0].length === 1 && arr.length !== 1 ? jStat3.transpose(arr) : arr, right = arg[0].length === 1 && arg.length !== 1 ? jStat3.transpose(arg) : arg, res = [], row2 = 0, nrow = left.length, ncol = left[0].length, sum2, col;
            for (; row2 < nrow; row2++) {
              res[row2] = [];
              sum2 = 0;
              for (col = 0; col < ncol; col++)
                sum2 += left[row2][col] * right[row2][col];
              res[row2] = sum2;
            }
            return res.length === 1 ? res[0] : res;
          },
          // raise every element by a scalar
          pow: function pow(arr, arg) {
            return jStat3.map(arr, function(value) {
              return Math2.pow(value, arg);
            });
          },
          // exponentiate every element
          exp: function exp(arr) {
            return jStat3.map(arr, function(value) {
              return Math2.exp(value);
            });
          },
          // generate the natural log of every element
          log: function exp(arr) {
            return jStat3.map(arr, function(value) {
              return Math2.log(value);
            });
          },
          // generate the absolute values of the vector
          abs: function abs(arr) {
            return jStat3.map(arr, function(value) {
              return Math2.abs(value);
            });
          },
          // computes the p-norm of the vector
          // In the case that a matrix is passed, uses the first row as the vector
          norm: function norm(arr, p) {
            var nnorm = 0, i = 0;
            if (isNaN(p)) p = 2;
            if (isUsable(arr[0])) arr = arr[0];
            for (; i < arr.length; i++) {
              nnorm += Math2.pow(Math2.abs(arr[i]), p);
            }
            return Math2.pow(nnorm, 1 / p);
          },
          // computes the angle between two vectors in rads
          // In case a matrix is passed, this uses the first row as the vector
          angle: function angle(arr, arg) {
            return Math2.acos(jStat3.dot(arr, arg) / (jStat3.norm(arr) * jStat3.norm(arg)));
          },
          // augment one matrix by another
          // Note: this function returns a matrix, not a jStat object
          aug: function aug(a, b) {
            var newarr = [];
            var i;
            for (i = 0; i < a.length; i++) {
              newarr.push(a[i].slice());
            }
            for (i = 0; i < newarr.length; i++) {
              push.apply(newarr[i], b[i]);
            }
            return newarr;
          },
          // The inv() function calculates the inverse of a matrix
          // Create the inverse by augmenting the matrix by the identity matrix of the
          // appropriate size, and then use G-J elimination on the augmented matrix.
          inv: function inv(a) {
            var rows = a.length;
            var cols = a[0].length;
            var b = jStat3.identity(rows, cols);
            var c = jStat3.gauss_jordan(a, b);
            var result = [];
            var i = 0;
            var j;
            for (; i < rows; i++) {
              result[i] = [];
              for (j = cols; j < c[0].length; j++)
                result[i][j - cols] = c[i][j];
            }
            return result;
          },
          // calculate the determinant of a matrix
          det: function det(a) {
            if (a.length === 2) {
              return a[0][0] * a[1][1] - a[0][1] * a[1][0];
            }
            var determinant = 0;
            for (var i = 0; i < a.length; i++) {
              var submatrix = [];
              for (var row2 = 1; row2 < a.length; row2++) {
                submatrix[row2 - 1] = [];
                for (var col = 0; col < a.length; col++) {
                  if (col < i) {
                    submatrix[row2 - 1][col] = a[row2][col];
                  } else if (col > i) {
                    submatrix[row2 - 1][col - 1] = a[row2][col];
                  }
                }
              }
              var sign = i % 2 ? -1 : 1;
              determinant += det(submatrix) * a[0][i] * sign;
            }
            return determinant;
          },
          gauss_elimination: function gauss_elimination(a, b) {
            var i = 0, j = 0, n = a.length, m = a[0].length, factor = 1, sum2 = 0, x = [], maug, pivot, temp, k;
            a = jStat3.aug(a, b);
            maug = a[0].length;
            for (i = 0; i < n; i++) {
              pivot = a[i][i];
              j = i;
              for (k = i + 1; k < m; k++) {
                if (pivot < Math2.abs(a[k][i])) {
                  pivot = a[k][i];
                  j = k;
                }
              }
              if (j != i) {
                for (k = 0; k < maug; k++) {
                  temp = a[i][k];
                  a[i][k] = a[j][k];
                  a[j][k] = temp;
                }
              }
              for (j = i + 1; j < n; j++) {
                factor = a[j][i] / a[i][i];
                for (k = i; k < maug; k++) {
                  a[j][k] = a[j][k] - factor * a[i][k];
                }
              }
            }
            for (i = n - 1; i >= 0; i--) {
              sum2 = 0;
              for (j = i + 1; j <= n - 1; j++) {
                sum2 = sum2 + x[j] * a[i][j];
              }
              x[i] = (a[i][maug - 1] - sum2) / a[i][i];
            }
            return x;
          },
          gauss_jordan: function gauss_jordan(a, b) {
            var m = jStat3.aug(a, b);
            var h = m.length;
            var w = m[0].length;
            var c = 0;
            var x, y, y2;
            for (y = 0; y < h; y++) {
              var maxrow = y;
              for (y2 = y + 1; y2 < h; y2++) {
                if (Math2.abs(m[y2][y]) > Math2.abs(m[maxrow][y]))
                  maxrow = y2;
              }
              var tmp = m[y];
              m[y] = m[maxrow];
              m[maxrow] = tmp;
              for (y2 = y + 1; y2 < h; y2++) {
                c = m[y2][y] / m[y][y];
                for (x = y; x < w; x++) {
                  m[y2][x] -= m[y][x] * c;
                }
              }
            }
            for (y = h - 1; y >= 0; y--) {
              c = m[y][y];
              for (y2 = 0; y2 < y; y2++) {
                for (x = w - 1; x > y - 1; x--) {
                  m[y2][x] -= m[y][x] * m[y2][y] / c;
                }
              }
              m[y][y] /= c;
              for (x = h; x < w; x++) {
                m[y][x] /= c;
              }
            }
            return m;
          },
          // solve equation
          // Ax=b
          // A is upper triangular matrix
          // A=[[1,2,3],[0,4,5],[0,6,7]]
          // b=[1,2,3]
          // triaUpSolve(A,b) // -> [2.666,0.1666,1.666]
          // if you use matrix style
          // A=[[1,2,3],[0,4,5],[0,6,7]]
          // b=[[1],[2],[3]]
          // will return [[2.666],[0.1666],[1.666]]
          triaUpSolve: function triaUpSolve(A, b) {
            var size = A[0].length;
            var x = jStat3.zeros(1, size)[0];
            var parts;
            var matrix_mode = false;
            if (b[0].length != void 0) {
              b = b.map(function(i) {
                return i[0];
              });
              matrix_mode = true;
            }
            jStat3.arange(size - 1, -1, -1).forEach(function(i) {
              parts = jStat3.arange(i + 1, size).map(function(j) {
                return x[j] * A[i][j];
              });
              x[i] = (b[i] - jStat3.sum(parts)) / A[i][i];
            });
            if (matrix_mode)
              return x.map(function(i) {
                return [i];
              });
            return x;
          },
          triaLowSolve: function triaLowSolve(A, b) {
            var size = A[0].length;
            var x = jStat3.zeros(1, size)[0];
            var parts;
            var matrix_mode = false;
            if (b[0].length != void 0) {
              b = b.map(function(i) {
                return i[0];
              });
              matrix_mode = true;
            }
            jStat3.arange(size).forEach(function(i) {
              parts = jStat3.arange(i).map(function(j) {
                return A[i][j] * x[j];
              });
              x[i] = (b[i] - jStat3.sum(parts)) / A[i][i];
            });
            if (matrix_mode)
              return x.map(function(i) {
                return [i];
              });
            return x;
          },
          // A -> [L,U]
          // A=LU
          // L is lower triangular matrix
          // U is upper triangular matrix
          lu: function lu(A) {
            var size = A.length;
            var L = jStat3.identity(size);
            var R = jStat3.zeros(A.length, A[0].length);
            var parts;
            jStat3.arange(size).forEach(function(t) {
              R[0][t] = A[0][t];
            });
            jStat3.arange(1, size).forEach(function(l) {
              jStat3.arange(l).forEach(function(i) {
                parts = jStat3.arange(i).map(function(jj) {
                  return L[l][jj] * R[jj][i];
                });
                L[l][i] = (A[l][i] - jStat3.sum(parts)) / R[i][i];
              });
              jStat3.arange(l, size).forEach(function(j) {
                parts = jStat3.arange(l).map(function(jj) {
                  return L[l][jj] * R[jj][j];
                });
                R[l][j] = A[parts.length][j] - jStat3.sum(parts);
              });
            });
            return [L, R];
          },
          // A -> T
          // A=TT'
          // T is lower triangular matrix
          cholesky: function cholesky(A) {
            var size = A.length;
            var T = jStat3.zeros(A.length, A[0].length);
            var parts;
            jStat3.arange(size).forEach(function(i) {
              parts = jStat3.arange(i).map(function(t) {
                return Math2.pow(T[i][t], 2);
              });
              T[i][i] = Math2.sqrt(A[i][i] - jStat3.sum(parts));
              jStat3.arange(i + 1, size).forEach(function(j) {
                parts = jStat3.arange(i).map(function(t) {
                  return T[i][t] * T[j][t];
                });
                T[j][i] = (A[i][j] - jStat3.sum(parts)) / T[i][i];
              });
            });
            return T;
          },
          gauss_jacobi: function gauss_jacobi(a, b, x, r) {
            var i = 0;
            var j = 0;
            var n = a.length;
            var l = [];
            var u = [];
            var d = [];
            var xv, c, h, xk;
            for (; i < n; i++) {
              l[i] = [];
              u[i] = [];
              d[i] = [];
              for (j = 0; j < n; j++) {
                if (i > j) {
                  l[i][j] = a[i][j];
                  u[i][j] = d[i][j] = 0;
                } else if (i < j) {
                  u[i][j] = a[i][j];
                  l[i][j] = d[i][j] = 0;
                } else {
                  d[i][j] = a[i][j];
                  l[i][j] = u[i][j] = 0;
                }
              }
            }
            h = jStat3.multiply(jStat3.multiply(jStat3.inv(d), jStat3.add(l, u)), -1);
            c = jStat3.multiply(jStat3.inv(d), b);
            xv = x;
            xk = jStat3.add(jStat3.multiply(h, x), c);
            i = 2;
            while (Math2.abs(jStat3.norm(jStat3.subtract(xk, xv))) > r) {
              xv = xk;
              xk = jStat3.add(jStat3.multiply(h, xv), c);
              i++;
            }
            return xk;
          },
          gauss_seidel: function gauss_seidel(a, b, x, r) {
            var i = 0;
            var n = a.length;
            var l = [];
            var u = [];
            var d = [];
            var j, xv, c, h, xk;
            for (; i < n; i++) {
              l[i] = [];
              u[i] = [];
              d[i] = [];
              for (j = 0; j < n; j++) {
                if (i > j) {
                  l[i][j] = a[i][j];
                  u[i][j] = d[i][j] = 0;
                } else if (i < j) {
                  u[i][j] = a[i][j];
                  l[i][j] = d[i][j] = 0;
                } else {
                  d[i][j] = a[i][j];
                  l[i][j] = u[i][j] = 0;
                }
              }
            }
            h = jStat3.multiply(jStat3.multiply(jStat3.inv(jStat3.add(d, l)), u), -1);
            c = jStat3.multiply(jStat3.inv(jStat3.add(d, l)), b);
            xv = x;
            xk = jStat3.add(jStat3.multiply(h, x), c);
            i = 2;
            while (Math2.abs(jStat3.norm(jStat3.subtract(xk, xv))) > r) {
              xv = xk;
              xk = jStat3.add(jStat3.multiply(h, xv), c);
              i = i + 1;
            }
            return xk;
          },
          SOR: function SOR(a, b, x, r, w) {
            var i = 0;
            var n = a.length;
            var l = [];
            var u = [];
            var d = [];
            var j, xv, c, h, xk;
            for (; i < n; i++) {
              l[i] = [];
              u[i] = [];
              d[i] = [];
              for (j = 0; j < n; j++) {
                if (i > j) {
                  l[i][j] = a[i][j];
                  u[i][j] = d[i][j] = 0;
                } else if (i < j) {
                  u[i][j] = a[i][j];
                  l[i][j] = d[i][j] = 0;
                } else {
                  d[i][j] = a[i][j];
                  l[i][j] = u[i][j] = 0;
                }
              }
            }
            h = jStat3.multiply(
              jStat3.inv(jStat3.add(d, jStat3.multiply(l, w))),
              jStat3.subtract(
                jStat3.multiply(d, 1 - w),
                jStat3.multiply(u, w)
              )
            );
            c = jStat3.multiply(jStat3.multiply(jStat3.inv(jStat3.add(
              d,
              jStat3.multiply(l, w)
            )), b), w);
            xv = x;
            xk = jStat3.add(jStat3.multiply(h, x), c);
            i = 2;
            while (Math2.abs(jStat3.norm(jStat3.subtract(xk, xv))) > r) {
              xv = xk;
              xk = jStat3.add(jStat3.multiply(h, xv), c);
              i++;
            }
            return xk;
          },
          householder: function householder(a) {
            var m = a.length;
            var n = a[0].length;
            var i = 0;
            var w = [];
            var p = [];
            var alpha, r, k, j, factor;
            for (; i < m - 1; i++) {
              alpha = 0;
              for (j = i + 1; j < n; j++)
                alpha += a[j][i] * a[j][i];
              factor = a[i + 1][i] > 0 ? -1 : 1;
              alpha = factor * Math2.sqrt(alpha);
              r = Math2.sqrt((alpha * alpha - a[i + 1][i] * alpha) / 2);
              w = jStat3.zeros(m, 1);
              w[i + 1][0] = (a[i + 1][i] - alpha) / (2 * r);
              for (k = i + 2; k < m; k++) w[k][0] = a[k][i] / (2 * r);
              p = jStat3.subtract(
                jStat3.identity(m, n),
                jStat3.multiply(jStat3.multiply(w, jStat3.transpose(w)), 2)
              );
              a = jStat3.multiply(p, jStat3.multiply(a, p));
            }
            return a;
          },
          // A -> [Q,R]
          // Q is orthogonal matrix
          // R is upper triangular
          QR: (function() {
            var sum2 = jStat3.sum;
            var range = jStat3.arange;
            function qr2(x) {
              var n = x.length;
              var p = x[0].length;
              var r = jStat3.zeros(p, p);
              x = jStat3.copy(x);
              var i, j, k;
              for (j = 0; j < p; j++) {
                r[j][j] = Math2.sqrt(sum2(range(n).map(function(i2) {
                  return x[i2][j] * x[i2][j];
                })));
                for (i = 0; i < n; i++) {
                  x[i][j] = x[i][j] / r[j][j];
                }
                for (k = j + 1; k < p; k++) {
                  r[j][k] = sum2(range(n).map(function(i2) {
                    return x[i2][j] * x[i2][k];
                  }));
                  for (i = 0; i < n; i++) {
                    x[i][k] = x[i][k] - x[i][j] * r[j][k];
                  }
                }
              }
              return [x, r];
            }
            return qr2;
          })(),
          lstsq: /* @__PURE__ */ (function() {
            function R_I(A) {
              A = jStat3.copy(A);
              var size = A.length;
              var I = jStat3.identity(size);
              jStat3.arange(size - 1, -1, -1).forEach(function(i) {
                jStat3.sliceAssign(
                  I,
                  { row: i },
                  jStat3.divide(jStat3.slice(I, { row: i }), A[i][i])
                );
                jStat3.sliceAssign(
                  A,
                  { row: i },
                  jStat3.divide(jStat3.slice(A, { row: i }), A[i][i])
                );
                jStat3.arange(i).forEach(function(j) {
                  var c = jStat3.multiply(A[j][i], -1);
                  var Aj = jStat3.slice(A, { row: j });
                  var cAi = jStat3.multiply(jStat3.slice(A, { row: i }), c);
                  jStat3.sliceAssign(A, { row: j }, jStat3.add(Aj, cAi));
                  var Ij = jStat3.slice(I, { row: j });
                  var cIi = jStat3.multiply(jStat3.slice(I, { row: i }), c);
                  jStat3.sliceAssign(I, { row: j }, jStat3.add(Ij, cIi));
                });
              });
              return I;
            }
            function qr_solve(A, b) {
              var array_mode = false;
              if (b[0].length === void 0) {
                b = b.map(function(x2) {
                  return [x2];
                });
                array_mode = true;
              }
              var QR = jStat3.QR(A);
              var Q = QR[0];
              var R = QR[1];
              var attrs = A[0].length;
              var Q1 = jStat3.slice(Q, { col: { end: attrs } });
              var R1 = jStat3.slice(R, { row: { end: attrs } });
              var RI = R_I(R1);
              var Q2 = jStat3.transpose(Q1);
              if (Q2[0].length === void 0) {
                Q2 = [Q2];
              }
              var x = jStat3.multiply(jStat3.multiply(RI, Q2), b);
              if (x.length === void 0) {
                x = [[x]];
              }
              if (array_mode)
                return x.map(function(i) {
                  return i[0];
                });
              return x;
            }
            return qr_solve;
          })(),
          jacobi: function jacobi(a) {
            var condition = 1;
            var n = a.length;
            var e = jStat3.identity(n, n);
            var ev = [];
            var b, i, j, p, q, maxim, theta, s;
            while (condition === 1) {
              maxim = a[0][1];
              p = 0;
              q = 1;
              for (i = 0; i < n; i++) {
                for (j = 0; j < n; j++) {
                  if (i != j) {
                    if (maxim < Math2.abs(a[i][j])) {
                      maxim = Math2.abs(a[i][j]);
                      p = i;
                      q = j;
                    }
                  }
                }
              }
              if (a[p][p] === a[q][q])
                theta = a[p][q] > 0 ? Math2.PI / 4 : -Math2.PI / 4;
              else
                theta = Math2.atan(2 * a[p][q] / (a[p][p] - a[q][q])) / 2;
              s = jStat3.identity(n, n);
              s[p][p] = Math2.cos(theta);
              s[p][q] = -Math2.sin(theta);
              s[q][p] = Math2.sin(theta);
              s[q][q] = Math2.cos(theta);
              e = jStat3.multiply(e, s);
              b = jStat3.multiply(jStat3.multiply(jStat3.inv(s), a), s);
              a = b;
              condition = 0;
              for (i = 1; i < n; i++) {
                for (j = 1; j < n; j++) {
                  if (i != j && Math2.abs(a[i][j]) > 1e-3) {
                    condition = 1;
                  }
                }
              }
            }
            for (i = 0; i < n; i++) ev.push(a[i][i]);
            return [e, ev];
          },
          rungekutta: function rungekutta(f, h, p, t_j, u_j, order) {
            var k1, k2, u_j1, k3, k4;
            if (order === 2) {
              while (t_j <= p) {
                k1 = h * f(t_j, u_j);
                k2 = h * f(t_j + h, u_j + k1);
                u_j1 = u_j + (k1 + k2) / 2;
                u_j = u_j1;
                t_j = t_j + h;
              }
            }
            if (order === 4) {
              while (t_j <= p) {
                k1 = h * f(t_j, u_j);
                k2 = h * f(t_j + h / 2, u_j + k1 / 2);
                k3 = h * f(t_j + h / 2, u_j + k2 / 2);
                k4 = h * f(t_j + h, u_j + k3);
                u_j1 = u_j + (k1 + 2 * k2 + 2 * k3 + k4) / 6;
                u_j = u_j1;
                t_j = t_j + h;
              }
            }
            return u_j;
          },
          romberg: function romberg(f, a, b, order) {
            var i = 0;
            var h = (b - a) / 2;
            var x = [];
            var h1 = [];
            var g2 = [];
            var m, a1, j, k, I;
            while (i < order / 2) {
              I = f(a);
              for (j = a, k = 0; j <= b; j = j + h, k++) x[k] = j;
              m = x.length;
              for (j = 1; j < m - 1; j++) {
                I += (j % 2 !== 0 ? 4 : 2) * f(x[j]);
              }
              I = h / 3 * (I + f(b));
              g2[i] = I;
              h /= 2;
              i++;
            }
            a1 = g2.length;
            m = 1;
            while (a1 !== 1) {
              for (j = 0; j < a1 - 1; j++)
                h1[j] = (Math2.pow(4, m) * g2[j + 1] - g2[j]) / (Math2.pow(4, m) - 1);
              a1 = h1.length;
              g2 = h1;
              h1 = [];
              m++;
            }
            return g2;
          },
          richardson: function richardson(X, f, x, h) {
            function pos(X2, x2) {
              var i2 = 0;
              var n = X2.length;
              var p;
              for (; i2 < n; i2++)
                if (X2[i2] === x2) p = i2;
              return p;
            }
            var h_min = Math2.abs(x - X[pos(X, x) + 1]);
            var i = 0;
            var g2 = [];
            var h1 = [];
            var y1, y2, m, a, j;
            while (h >= h_min) {
              y1 = pos(X, x + h);
              y2 = pos(X, x);
              g2[i] = (f[y1] - 2 * f[y2] + f[2 * y2 - y1]) / (h * h);
              h /= 2;
              i++;
            }
            a = g2.length;
            m = 1;
            while (a != 1) {
              for (j = 0; j < a - 1; j++)
                h1[j] = (Math2.pow(4, m) * g2[j + 1] - g2[j]) / (Math2.pow(4, m) - 1);
              a = h1.length;
              g2 = h1;
              h1 = [];
              m++;
            }
            return g2;
          },
          simpson: function simpson(f, a, b, n) {
            var h = (b - a) / n;
            var I = f(a);
            var x = [];
            var j = a;
            var k = 0;
            var i = 1;
            var m;
            for (; j <= b; j = j + h, k++)
              x[k] = j;
            m = x.length;
            for (; i < m - 1; i++) {
              I += (i % 2 !== 0 ? 4 : 2) * f(x[i]);
            }
            return h / 3 * (I + f(b));
          },
          hermite: function hermite(X, F, dF, value) {
            var n = X.length;
            var p = 0;
            var i = 0;
            var l = [];
            var dl = [];
            var A = [];
            var B = [];
            var j;
            for (; i < n; i++) {
              l[i] = 1;
              for (j = 0; j < n; j++) {
                if (i != j) l[i] *= (value - X[j]) / (X[i] - X[j]);
              }
              dl[i] = 0;
              for (j = 0; j < n; j++) {
                if (i != j) dl[i] += 1 / (X[i] - X[j]);
              }
              A[i] = (1 - 2 * (value - X[i]) * dl[i]) * (l[i] * l[i]);
              B[i] = (value - X[i]) * (l[i] * l[i]);
              p += A[i] * F[i] + B[i] * dF[i];
            }
            return p;
          },
          lagrange: function lagrange(X, F, value) {
            var p = 0;
            var i = 0;
            var j, l;
            var n = X.length;
            for (; i < n; i++) {
              l = F[i];
              for (j = 0; j < n; j++) {
                if (i != j) l *= (value - X[j]) / (X[i] - X[j]);
              }
              p += l;
            }
            return p;
          },
          cubic_spline: function cubic_spline(X, F, value) {
            var n = X.length;
            var i = 0, j;
            var A = [];
            var B = [];
            var alpha = [];
            var c = [];
            var h = [];
            var b = [];
            var d = [];
            for (; i < n - 1; i++)
              h[i] = X[i + 1] - X[i];
            alpha[0] = 0;
            for (i = 1; i < n - 1; i++) {
              alpha[i] = 3 / h[i] * (F[i + 1] - F[i]) - 3 / h[i - 1] * (F[i] - F[i - 1]);
            }
            for (i = 1; i < n - 1; i++) {
              A[i] = [];
              B[i] = [];
              A[i][i - 1] = h[i - 1];
              A[i][i] = 2 * (h[i - 1] + h[i]);
              A[i][i + 1] = h[i];
              B[i][0] = alpha[i];
            }
            c = jStat3.multiply(jStat3.inv(A), B);
            for (j = 0; j < n - 1; j++) {
              b[j] = (F[j + 1] - F[j]) / h[j] - h[j] * (c[j + 1][0] + 2 * c[j][0]) / 3;
              d[j] = (c[j + 1][0] - c[j][0]) / (3 * h[j]);
            }
            for (j = 0; j < n; j++) {
              if (X[j] > value) break;
            }
            j -= 1;
            return F[j] + (value - X[j]) * b[j] + jStat3.sq(value - X[j]) * c[j] + (value - X[j]) * jStat3.sq(value - X[j]) * d[j];
          },
          gauss_quadrature: function gauss_quadrature() {
            throw new Error("gauss_quadrature not yet implemented");
          },
          PCA: function PCA(X) {
            var m = X.length;
            var n = X[0].length;
            var i = 0;
            var j, temp1;
            var u = [];
            var D = [];
            var result = [];
            var temp2 = [];
            var Y = [];
            var Bt = [];
            var B = [];
            var C = [];
            var V = [];
            var Vt = [];
            for (i = 0; i < m; i++) {
              u[i] = jStat3.sum(X[i]) / n;
            }
            for (i = 0; i < n; i++) {
              B[i] = [];
              for (j = 0; j < m; j++) {
                B[i][j] = X[j][i] - u[j];
              }
            }
            B = jStat3.transpose(B);
            for (i = 0; i < m; i++) {
              C[i] = [];
              for (j = 0; j < m; j++) {
                C[i][j] = jStat3.dot([B[i]], [B[j]]) / (n - 1);
              }
            }
            result = jStat3.jacobi(C);
            V = result[0];
            D = result[1];
            Vt = jStat3.transpose(V);
            for (i = 0; i < D.length; i++) {
              for (j = i; j < D.length; j++) {
                if (D[i] < D[j]) {
                  temp1 = D[i];
                  D[i] = D[j];
                  D[j] = temp1;
                  temp2 = Vt[i];
                  Vt[i] = Vt[j];
                  Vt[j] = temp2;
                }
              }
            }
            Bt = jStat3.transpose(B);
            for (i = 0; i < m; i++) {
              Y[i] = [];
              for (j = 0; j < Bt.length; j++) {
                Y[i][j] = jStat3.dot([Vt[i]], [Bt[j]]);
              }
            }
            return [X, D, Vt, Y];
          }
        });
        (function(funcs) {
          for (var i = 0; i < funcs.length; i++) (function(passfunc) {
            jStat3.fn[passfunc] = function(arg, func) {
              var tmpthis = this;
              if (func) {
                setTimeout(function() {
                  func.call(tmpthis, jStat3.fn[passfunc].call(tmpthis, arg));
                }, 15);
                return this;
              }
              if (typeof jStat3[passfunc](this, arg) === "number")
                return jStat3[passfunc](this, arg);
              else
                return jStat3(jStat3[passfunc](this, arg));
            };
          })(funcs[i]);
        })("add divide multiply subtract dot pow exp log abs norm angle".split(" "));
      })(jStat2, Math);
      (function(jStat3, Math2) {
        var slice = [].slice;
        var isNumber = jStat3.utils.isNumber;
        var isArray = jStat3.utils.isArray;
        jStat3.extend({
          // 2 different parameter lists:
          // (value, mean, sd)
          // (value, array, flag)
          zscore: function zscore() {
            var args = slice.call(arguments);
            if (isNumber(args[1])) {
              return (args[0] - args[1]) / args[2];
            }
            return (args[0] - jStat3.mean(args[1])) / jStat3.stdev(args[1], args[2]);
          },
          // 3 different paramter lists:
          // (value, mean, sd, sides)
          // (zscore, sides)
          // (value, array, sides, flag)
          ztest: function ztest() {
            var args = slice.call(arguments);
            var z2;
            if (isArray(args[1])) {
              z2 = jStat3.zscore(args[0], args[1], args[3]);
              return args[2] === 1 ? jStat3.normal.cdf(-Math2.abs(z2), 0, 1) : jStat3.normal.cdf(-Math2.abs(z2), 0, 1) * 2;
            } else {
              if (args.length > 2) {
                z2 = jStat3.zscore(args[0], args[1], args[2]);
                return args[3] === 1 ? jStat3.normal.cdf(-Math2.abs(z2), 0, 1) : jStat3.normal.cdf(-Math2.abs(z2), 0, 1) * 2;
              } else {
                z2 = args[0];
                return args[1] === 1 ? jStat3.normal.cdf(-Math2.abs(z2), 0, 1) : jStat3.normal.cdf(-Math2.abs(z2), 0, 1) * 2;
              }
            }
          }
        });
        jStat3.extend(jStat3.fn, {
          zscore: function zscore(value, flag2) {
            return (value - this.mean()) / this.stdev(flag2);
          },
          ztest: function ztest(value, sides2, flag2) {
            var zscore = Math2.abs(this.zscore(value, flag2));
            return sides2 === 1 ? jStat3.normal.cdf(-zscore, 0, 1) : jStat3.normal.cdf(-zscore, 0, 1) * 2;
          }
        });
        jStat3.extend({
          // 2 parameter lists
          // (value, mean, sd, n)
          // (value, array)
          tscore: function tscore() {
            var args = slice.call(arguments);
            return args.length === 4 ? (args[0] - args[1]) / (args[2] / Math2.sqrt(args[3])) : (args[0] - jStat3.mean(args[1])) / (jStat3.stdev(args[1], true) / Math2.sqrt(args[1].length));
          },
          // 3 different paramter lists:
          // (value, mean, sd, n, sides)
          // (tscore, n, sides)
          // (value, array, sides)
          ttest: function ttest() {
            var args = slice.call(arguments);
            var tscore;
            if (args.length === 5) {
              tscore = Math2.abs(jStat3.tscore(args[0], args[1], args[2], args[3]));
              return args[4] === 1 ? jStat3.studentt.cdf(-tscore, args[3] - 1) : jStat3.studentt.cdf(-tscore, args[3] - 1) * 2;
            }
            if (isNumber(args[1])) {
              tscore = Math2.abs(args[0]);
              return args[2] == 1 ? jStat3.studentt.cdf(-tscore, args[1] - 1) : jStat3.studentt.cdf(-tscore, args[1] - 1) * 2;
            }
            tscore = Math2.abs(jStat3.tscore(args[0], args[1]));
            return args[2] == 1 ? jStat3.studentt.cdf(-tscore, args[1].length - 1) : jStat3.studentt.cdf(-tscore, args[1].length - 1) * 2;
          }
        });
        jStat3.extend(jStat3.fn, {
          tscore: function tscore(value) {
            return (value - this.mean()) / (this.stdev(true) / Math2.sqrt(this.cols()));
          },
          ttest: function ttest(value, sides2) {
            return sides2 === 1 ? 1 - jStat3.studentt.cdf(Math2.abs(this.tscore(value)), this.cols() - 1) : jStat3.studentt.cdf(-Math2.abs(this.tscore(value)), this.cols() - 1) * 2;
          }
        });
        jStat3.extend({
          // Paramter list is as follows:
          // (array1, array2, array3, ...)
          // or it is an array of arrays
          // array of arrays conversion
          anovafscore: function anovafscore() {
            var args = slice.call(arguments), expVar, sample, sampMean, sampSampMean, tmpargs, unexpVar, i, j;
            if (args.length === 1) {
              tmpargs = new Array(args[0].length);
              for (i = 0; i < args[0].length; i++) {
                tmpargs[i] = args[0][i];
              }
              args = tmpargs;
            }
            sample = new Array();
            for (i = 0; i < args.length; i++) {
              sample = sample.concat(args[i]);
            }
            sampMean = jStat3.mean(sample);
            expVar = 0;
            for (i = 0; i < args.length; i++) {
              expVar = expVar + args[i].length * Math2.pow(jStat3.mean(args[i]) - sampMean, 2);
            }
            expVar /= args.length - 1;
            unexpVar = 0;
            for (i = 0; i < args.length; i++) {
              sampSampMean = jStat3.mean(args[i]);
              for (j = 0; j < args[i].length; j++) {
                unexpVar += Math2.pow(args[i][j] - sampSampMean, 2);
              }
            }
            unexpVar /= sample.length - args.length;
            return expVar / unexpVar;
          },
          // 2 different paramter setups
          // (array1, array2, array3, ...)
          // (anovafscore, df1, df2)
          anovaftest: function anovaftest() {
            var args = slice.call(arguments), df1, df2, n, i;
            if (isNumber(args[0])) {
              return 1 - jStat3.centralF.cdf(args[0], args[1], args[2]);
            }
            var anovafscore = jStat3.anovafscore(args);
            df1 = args.length - 1;
            n = 0;
            for (i = 0; i < args.length; i++) {
              n = n + args[i].length;
            }
            df2 = n - df1 - 1;
            return 1 - jStat3.centralF.cdf(anovafscore, df1, df2);
          },
          ftest: function ftest(fscore, df1, df2) {
            return 1 - jStat3.centralF.cdf(fscore, df1, df2);
          }
        });
        jStat3.extend(jStat3.fn, {
          anovafscore: function anovafscore() {
            return jStat3.anovafscore(this.toArray());
          },
          anovaftes: function anovaftes() {
            var n = 0;
            var i;
            for (i = 0; i < this.length; i++) {
              n = n + this[i].length;
            }
            return jStat3.ftest(this.anovafscore(), this.length - 1, n - this.length);
          }
        });
        jStat3.extend({
          // 2 parameter lists
          // (mean1, mean2, n1, n2, sd)
          // (array1, array2, sd)
          qscore: function qscore() {
            var args = slice.call(arguments);
            var mean1, mean2, n1, n2, sd;
            if (isNumber(args[0])) {
              mean1 = args[0];
              mean2 = args[1];
              n1 = args[2];
              n2 = args[3];
              sd = args[4];
            } else {
              mean1 = jStat3.mean(args[0]);
              mean2 = jStat3.mean(args[1]);
              n1 = args[0].length;
              n2 = args[1].length;
              sd = args[2];
            }
            return Math2.abs(mean1 - mean2) / (sd * Math2.sqrt((1 / n1 + 1 / n2) / 2));
          },
          // 3 different parameter lists:
          // (qscore, n, k)
          // (mean1, mean2, n1, n2, sd, n, k)
          // (array1, array2, sd, n, k)
          qtest: function qtest() {
            var args = slice.call(arguments);
            var qscore;
            if (args.length === 3) {
              qscore = args[0];
              args = args.slice(1);
            } else if (args.length === 7) {
              qscore = jStat3.qscore(args[0], args[1], args[2], args[3], args[4]);
              args = args.slice(5);
            } else {
              qscore = jStat3.qscore(args[0], args[1], args[2]);
              args = args.slice(3);
            }
            var n = args[0];
            var k = args[1];
            return 1 - jStat3.tukey.cdf(qscore, k, n - k);
          },
          tukeyhsd: function tukeyhsd(arrays) {
            var sd = jStat3.pooledstdev(arrays);
            var means = arrays.map(function(arr) {
              return jStat3.mean(arr);
            });
            var n = arrays.reduce(function(n2, arr) {
              return n2 + arr.length;
            }, 0);
            var results = [];
            for (var i = 0; i < arrays.length; ++i) {
              for (var j = i + 1; j < arrays.length; ++j) {
                var p = jStat3.qtest(means[i], means[j], arrays[i].length, arrays[j].length, sd, n, arrays.length);
                results.push([[i, j], p]);
              }
            }
            return results;
          }
        });
        jStat3.extend({
          // 2 different parameter setups
          // (value, alpha, sd, n)
          // (value, alpha, array)
          normalci: function normalci() {
            var args = slice.call(arguments), ans = new Array(2), change;
            if (args.length === 4) {
              change = Math2.abs(jStat3.normal.inv(args[1] / 2, 0, 1) * args[2] / Math2.sqrt(args[3]));
            } else {
              change = Math2.abs(jStat3.normal.inv(args[1] / 2, 0, 1) * jStat3.stdev(args[2]) / Math2.sqrt(args[2].length));
            }
            ans[0] = args[0] - change;
            ans[1] = args[0] + change;
            return ans;
          },
          // 2 different parameter setups
          // (value, alpha, sd, n)
          // (value, alpha, array)
          tci: function tci() {
            var args = slice.call(arguments), ans = new Array(2), change;
            if (args.length === 4) {
              change = Math2.abs(jStat3.studentt.inv(args[1] / 2, args[3] - 1) * args[2] / Math2.sqrt(args[3]));
            } else {
              change = Math2.abs(jStat3.studentt.inv(args[1] / 2, args[2].length - 1) * jStat3.stdev(args[2], true) / Math2.sqrt(args[2].length));
            }
            ans[0] = args[0] - change;
            ans[1] = args[0] + change;
            return ans;
          },
          significant: function significant(pvalue, alpha) {
            return pvalue < alpha;
          }
        });
        jStat3.extend(jStat3.fn, {
          normalci: function normalci(value, alpha) {
            return jStat3.normalci(value, alpha, this.toArray());
          },
          tci: function tci(value, alpha) {
            return jStat3.tci(value, alpha, this.toArray());
          }
        });
        function differenceOfProportions(p1, n1, p2, n2) {
          if (p1 > 1 || p2 > 1 || p1 <= 0 || p2 <= 0) {
            throw new Error("Proportions should be greater than 0 and less than 1");
          }
          var pooled = (p1 * n1 + p2 * n2) / (n1 + n2);
          var se = Math2.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
          return (p1 - p2) / se;
        }
        jStat3.extend(jStat3.fn, {
          oneSidedDifferenceOfProportions: function oneSidedDifferenceOfProportions(p1, n1, p2, n2) {
            var z2 = differenceOfProportions(p1, n1, p2, n2);
            return jStat3.ztest(z2, 1);
          },
          twoSidedDifferenceOfProportions: function twoSidedDifferenceOfProportions(p1, n1, p2, n2) {
            var z2 = differenceOfProportions(p1, n1, p2, n2);
            return jStat3.ztest(z2, 2);
          }
        });
      })(jStat2, Math);
      jStat2.models = /* @__PURE__ */ (function() {
        function sub_regress(exog) {
          var var_count = exog[0].length;
          var modelList = jStat2.arange(var_count).map(function(endog_index) {
            var exog_index = jStat2.arange(var_count).filter(function(i) {
              return i !== endog_index;
            });
            return ols(
              jStat2.col(exog, endog_index).map(function(x) {
                return x[0];
              }),
              jStat2.col(exog, exog_index)
            );
          });
          return modelList;
        }
        function ols(endog, exog) {
          var nobs = endog.length;
          var df_model = exog[0].length - 1;
          var df_resid = nobs - df_model - 1;
          var coef = jStat2.lstsq(exog, endog);
          var predict2 = jStat2.multiply(exog, coef.map(function(x) {
            return [x];
          })).map(function(p) {
            return p[0];
          });
          var resid = jStat2.subtract(endog, predict2);
          var ybar = jStat2.mean(endog);
          var SSE = jStat2.sum(predict2.map(function(f) {
            return Math.pow(f - ybar, 2);
          }));
          var SSR = jStat2.sum(endog.map(function(y, i) {
            return Math.pow(y - predict2[i], 2);
          }));
          var SST = SSE + SSR;
          var R2 = SSE / SST;
          return {
            exog,
            endog,
            nobs,
            df_model,
            df_resid,
            coef,
            predict: predict2,
            resid,
            ybar,
            SST,
            SSE,
            SSR,
            R2
          };
        }
        function t_test(model) {
          var subModelList = sub_regress(model.exog);
          var sigmaHat = Math.sqrt(model.SSR / model.df_resid);
          var seBetaHat = subModelList.map(function(mod) {
            var SST = mod.SST;
            var R2 = mod.R2;
            return sigmaHat / Math.sqrt(SST * (1 - R2));
          });
          var tStatistic = model.coef.map(function(coef, i) {
            return (coef - 0) / seBetaHat[i];
          });
          var pValue = tStatistic.map(function(t) {
            var leftppf = jStat2.studentt.cdf(t, model.df_resid);
            return (leftppf > 0.5 ? 1 - leftppf : leftppf) * 2;
          });
          var c = jStat2.studentt.inv(0.975, model.df_resid);
          var interval95 = model.coef.map(function(coef, i) {
            var d = c * seBetaHat[i];
            return [coef - d, coef + d];
          });
          return {
            se: seBetaHat,
            t: tStatistic,
            p: pValue,
            sigmaHat,
            interval95
          };
        }
        function F_test(model) {
          var F_statistic = model.R2 / model.df_model / ((1 - model.R2) / model.df_resid);
          var fcdf = function(x, n1, n2) {
            return jStat2.beta.cdf(x / (n2 / n1 + x), n1 / 2, n2 / 2);
          };
          var pvalue = 1 - fcdf(F_statistic, model.df_model, model.df_resid);
          return { F_statistic, pvalue };
        }
        function ols_wrap(endog, exog) {
          var model = ols(endog, exog);
          var ttest = t_test(model);
          var ftest = F_test(model);
          var adjust_R2 = 1 - (1 - model.R2) * ((model.nobs - 1) / model.df_resid);
          model.t = ttest;
          model.f = ftest;
          model.adjust_R2 = adjust_R2;
          return model;
        }
        return { ols: ols_wrap };
      })();
      jStat2.extend({
        buildxmatrix: function buildxmatrix() {
          var matrixRows = new Array(arguments.length);
          for (var i = 0; i < arguments.length; i++) {
            var array = [1];
            matrixRows[i] = array.concat(arguments[i]);
          }
          return jStat2(matrixRows);
        },
        builddxmatrix: function builddxmatrix() {
          var matrixRows = new Array(arguments[0].length);
          for (var i = 0; i < arguments[0].length; i++) {
            var array = [1];
            matrixRows[i] = array.concat(arguments[0][i]);
          }
          return jStat2(matrixRows);
        },
        buildjxmatrix: function buildjxmatrix(jMat) {
          var pass = new Array(jMat.length);
          for (var i = 0; i < jMat.length; i++) {
            pass[i] = jMat[i];
          }
          return jStat2.builddxmatrix(pass);
        },
        buildymatrix: function buildymatrix(array) {
          return jStat2(array).transpose();
        },
        buildjymatrix: function buildjymatrix(jMat) {
          return jMat.transpose();
        },
        matrixmult: function matrixmult(A, B) {
          var i, j, k, result, sum2;
          if (A.cols() == B.rows()) {
            if (B.rows() > 1) {
              result = [];
              for (i = 0; i < A.rows(); i++) {
                result[i] = [];
                for (j = 0; j < B.cols(); j++) {
                  sum2 = 0;
                  for (k = 0; k < A.cols(); k++) {
                    sum2 += A.toArray()[i][k] * B.toArray()[k][j];
                  }
                  result[i][j] = sum2;
                }
              }
              return jStat2(result);
            }
            result = [];
            for (i = 0; i < A.rows(); i++) {
              result[i] = [];
              for (j = 0; j < B.cols(); j++) {
                sum2 = 0;
                for (k = 0; k < A.cols(); k++) {
                  sum2 += A.toArray()[i][k] * B.toArray()[j];
                }
                result[i][j] = sum2;
              }
            }
            return jStat2(result);
          }
        },
        //regress and regresst to be fixed
        regress: function regress(jMatX, jMatY) {
          var innerinv = jStat2.xtranspxinv(jMatX);
          var xtransp = jMatX.transpose();
          var next = jStat2.matrixmult(jStat2(innerinv), xtransp);
          return jStat2.matrixmult(next, jMatY);
        },
        regresst: function regresst(jMatX, jMatY, sides2) {
          var beta = jStat2.regress(jMatX, jMatY);
          var compile = {};
          compile.anova = {};
          var jMatYBar = jStat2.jMatYBar(jMatX, beta);
          compile.yBar = jMatYBar;
          var yAverage = jMatY.mean();
          compile.anova.residuals = jStat2.residuals(jMatY, jMatYBar);
          compile.anova.ssr = jStat2.ssr(jMatYBar, yAverage);
          compile.anova.msr = compile.anova.ssr / (jMatX[0].length - 1);
          compile.anova.sse = jStat2.sse(jMatY, jMatYBar);
          compile.anova.mse = compile.anova.sse / (jMatY.length - (jMatX[0].length - 1) - 1);
          compile.anova.sst = jStat2.sst(jMatY, yAverage);
          compile.anova.mst = compile.anova.sst / (jMatY.length - 1);
          compile.anova.r2 = 1 - compile.anova.sse / compile.anova.sst;
          if (compile.anova.r2 < 0) compile.anova.r2 = 0;
          compile.anova.fratio = compile.anova.msr / compile.anova.mse;
          compile.anova.pvalue = jStat2.anovaftest(
            compile.anova.fratio,
            jMatX[0].length - 1,
            jMatY.length - (jMatX[0].length - 1) - 1
          );
          compile.anova.rmse = Math.sqrt(compile.anova.mse);
          compile.anova.r2adj = 1 - compile.anova.mse / compile.anova.mst;
          if (compile.anova.r2adj < 0) compile.anova.r2adj = 0;
          compile.stats = new Array(jMatX[0].length);
          var covar = jStat2.xtranspxinv(jMatX);
          var sds, ts, ps;
          for (var i = 0; i < beta.length; i++) {
            sds = Math.sqrt(compile.anova.mse * Math.abs(covar[i][i]));
            ts = Math.abs(beta[i] / sds);
            ps = jStat2.ttest(ts, jMatY.length - jMatX[0].length - 1, sides2);
            compile.stats[i] = [beta[i], sds, ts, ps];
          }
          compile.regress = beta;
          return compile;
        },
        xtranspx: function xtranspx(jMatX) {
          return jStat2.matrixmult(jMatX.transpose(), jMatX);
        },
        xtranspxinv: function xtranspxinv(jMatX) {
          var inner = jStat2.matrixmult(jMatX.transpose(), jMatX);
          var innerinv = jStat2.inv(inner);
          return innerinv;
        },
        jMatYBar: function jMatYBar(jMatX, beta) {
          var yBar = jStat2.matrixmult(jMatX, beta);
          return new jStat2(yBar);
        },
        residuals: function residuals(jMatY, jMatYBar) {
          return jStat2.matrixsubtract(jMatY, jMatYBar);
        },
        ssr: function ssr(jMatYBar, yAverage) {
          var ssr2 = 0;
          for (var i = 0; i < jMatYBar.length; i++) {
            ssr2 += Math.pow(jMatYBar[i] - yAverage, 2);
          }
          return ssr2;
        },
        sse: function sse(jMatY, jMatYBar) {
          var sse2 = 0;
          for (var i = 0; i < jMatY.length; i++) {
            sse2 += Math.pow(jMatY[i] - jMatYBar[i], 2);
          }
          return sse2;
        },
        sst: function sst(jMatY, yAverage) {
          var sst2 = 0;
          for (var i = 0; i < jMatY.length; i++) {
            sst2 += Math.pow(jMatY[i] - yAverage, 2);
          }
          return sst2;
        },
        matrixsubtract: function matrixsubtract(A, B) {
          var ans = new Array(A.length);
          for (var i = 0; i < A.length; i++) {
            ans[i] = new Array(A[i].length);
            for (var j = 0; j < A[i].length; j++) {
              ans[i][j] = A[i][j] - B[i][j];
            }
          }
          return jStat2(ans);
        }
      });
      jStat2.jStat = jStat2;
      return jStat2;
    });
  }
});

// src/results/io.ts
import { mkdir, open, writeFile, rename } from "node:fs/promises";
import { dirname } from "node:path";

// src/config/thresholds.ts
var ThresholdsInputSchema = external_exports.object({
  fail_below: external_exports.number().positive().max(1),
  warn_below: external_exports.number().positive().max(1),
  improve_above: external_exports.number().min(1),
  alpha: external_exports.number().positive().max(0.5),
  instructions_fail_above: external_exports.number().min(1),
  instructions_warn_above: external_exports.number().min(1),
  instructions_improve_below: external_exports.number().positive().max(1)
}).partial().strict();
var ThresholdOverrideSchema = ThresholdsInputSchema.extend({
  step: external_exports.string().min(1).describe("glob on the step id, e.g. scan* or pgbench.*.c1")
}).strict();

// src/schedule/shard.ts
var MAX_SHARDS = 64;
function parseShard(text) {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!match) return { error: `expected i/n such as 1/3 (this runner's share of n), got ${JSON.stringify(text)}` };
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > MAX_SHARDS) return { error: `n must be 1 to ${MAX_SHARDS}, got ${count}` };
  if (index < 1 || index > count) return { error: `i must be 1 to ${count}, got ${index}` };
  return { index, count };
}
function shardRange(stepCount, shard) {
  const base = Math.floor(stepCount / shard.count);
  const extra = stepCount % shard.count;
  const start = (shard.index - 1) * base + Math.min(shard.index - 1, extra);
  return { start, end: start + base + (shard.index <= extra ? 1 : 0) };
}
function shardSteps(steps, shard) {
  if (shard.count > steps.length) return { error: `${shard.count} shards for ${steps.length} steps: shard ${shard.index}/${shard.count} would measure nothing` };
  const { start, end } = shardRange(steps.length, shard);
  return steps.slice(start, end);
}
function formatShard(shard) {
  return `${shard.index}/${shard.count}`;
}

// src/measure/simulated-caches.ts
var powerOfTwo = (n) => n > 0 && (n & n - 1) === 0;
var CacheGeometrySchema = external_exports.object({
  size_bytes: external_exports.number().int().min(1024).max(1024 * 1024 * 1024).describe("total size in bytes"),
  associativity: external_exports.number().int().min(1).max(256).describe("ways"),
  line_bytes: external_exports.number().int().min(16).max(1024).refine(powerOfTwo, "a power of two").describe("line size in bytes")
}).strict().refine((c) => c.size_bytes % (c.associativity * c.line_bytes) === 0 && powerOfTwo(c.size_bytes / (c.associativity * c.line_bytes)), {
  message: "size_bytes / (associativity x line_bytes) must be a whole power of two (valgrind's sets)",
  path: ["size_bytes"]
});
var SimulatedCachesSchema = external_exports.object({
  i1: CacheGeometrySchema.describe("first-level instruction cache (--I1)"),
  d1: CacheGeometrySchema.describe("first-level data cache (--D1)"),
  ll: CacheGeometrySchema.describe("last-level cache (--LL)")
}).strict();
var KIB = 1024;
var first = { size_bytes: 32 * KIB, associativity: 8, line_bytes: 64 };
var DEFAULT_SIMULATED_CACHES = { i1: first, d1: first, ll: { size_bytes: 8 * KIB * KIB, associativity: 16, line_bytes: 64 } };
var LEVELS = [
  ["i1", "I1"],
  ["d1", "D1"],
  ["ll", "LL"]
];
function cacheSimArgs(caches) {
  return ["--cache-sim=yes", ...LEVELS.map(([key, name]) => `--${name}=${caches[key].size_bytes},${caches[key].associativity},${caches[key].line_bytes}`)];
}
var sizeText = (bytes) => bytes % (KIB * KIB) === 0 ? `${bytes / KIB / KIB} MiB` : bytes % KIB === 0 ? `${bytes / KIB} KiB` : `${bytes} B`;
function cachesText(caches) {
  return LEVELS.map(([key, name]) => `${name} ${sizeText(caches[key].size_bytes)} ${caches[key].associativity}-way ${caches[key].line_bytes} B lines`).join(", ");
}
var sameCaches = (a, b) => cachesText(a) === cachesText(b);
function describedCaches(text) {
  const levels = {};
  for (const [key, name] of LEVELS) {
    const lines = [...text.matchAll(new RegExp(`^desc: ${name} cache: +(\\d+) B, (\\d+) B, (\\d+)-way associative *$`, "gm"))];
    if (lines.length !== 1) return null;
    const [, size, line, ways] = lines[0];
    levels[key] = { size_bytes: Number(size), associativity: Number(ways), line_bytes: Number(line) };
  }
  return levels;
}

// src/results/schema.ts
var RESULTS_SCHEMA_ID = "db-bench-gate/results";
var RESULTS_VERSION = 1;
var MAX_SAMPLES = 2e5;
var MAX_ROUNDS_PER_STEP = 1e5;
var MAX_INSTRUCTION_SAMPLES = 2e5;
var MAX_STEPS = 2e3;
var MAX_VARIANTS = 32;
var tooMany = (what, cap) => `more than ${cap.toLocaleString("en-US")} ${what}: not a results file this tool writes`;
var nonEmpty = external_exports.string().min(1);
var finiteNonNegative = external_exports.number().finite().nonnegative();
var CompilerSchema = external_exports.object({
  name: nonEmpty.describe("compiler driver, e.g. gcc or clang"),
  version: nonEmpty.describe("full version string, e.g. 12.2.0")
}).strict();
var FingerprintSchema = external_exports.object({
  arch: nonEmpty.describe("machine architecture as uname -m reports it (x86_64, aarch64)"),
  cpu_model: nonEmpty,
  cores: external_exports.number().int().positive().describe("online logical CPUs"),
  smt: external_exports.boolean().nullable().describe("simultaneous multithreading on; null when unknown"),
  memory_mib: external_exports.number().int().positive(),
  kernel: nonEmpty.describe("uname -r"),
  os: nonEmpty.describe("PRETTY_NAME from /etc/os-release"),
  compiler: CompilerSchema.nullable(),
  runner: external_exports.object({
    name: external_exports.string().nullable(),
    labels: external_exports.array(external_exports.string())
  }).strict(),
  hostname_hash: external_exports.string().regex(/^[0-9a-f]{16}$/, "16 hex digits of sha256(hostname)")
}).strict().describe("The machine the run measured on; a stored baseline is compared only when these match.");
var BuildFlagsSchema = external_exports.object({
  cc: nonEmpty.optional().describe("the C compiler the variant named (CC); absent: the runner's"),
  cxx: nonEmpty.optional().describe("the C++ compiler the variant named (CXX); absent: the runner's"),
  cflags: external_exports.string(),
  cxxflags: external_exports.string(),
  ldflags: external_exports.string(),
  configure_args: external_exports.array(external_exports.string())
}).strict();
var VariantSchema = external_exports.object({
  id: external_exports.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "letters, digits, '.', '_' and '-'").describe("short name shown as a column header, e.g. base, head, O2, native"),
  commit: external_exports.string().regex(/^[0-9a-f]{7,64}$/, "a hex commit sha"),
  ref: external_exports.string().nullable().describe("what the user asked for (branch, tag, sha)"),
  flags: BuildFlagsSchema,
  compiler: CompilerSchema.optional().describe("the C compiler that built it; absent in results written before variants had their own"),
  build_id: nonEmpty.describe("cache key of the installed build: commit, flags and compiler")
}).strict();
var StepSchema = external_exports.object({
  id: nonEmpty.describe(
    "stable name the way the field names it: point-query.range100.pk1, pgbench.select-only.prepared.c4, l.i1"
  ),
  driver: nonEmpty.describe("pgbench, sysbench, db_bench, ibench, or another harness's name"),
  parameters: external_exports.record(external_exports.string(), external_exports.union([external_exports.string(), external_exports.number(), external_exports.boolean()])),
  sweep: external_exports.object({
    group: nonEmpty.describe("the swept step's name without the client count, e.g. pgbench.select-only.prepared"),
    clients: external_exports.number().int().positive()
  }).strict().optional().describe("one client count of a profile step swept over several (sweep.clients): reports show the group's relative QPS per count"),
  instructions_aa_spread: external_exports.number().min(0).max(1).optional().describe("the step's instruction-count spread in A/A runs, as its profile records it (instructions.aa_spread_by_step): it widens the step's instruction lines"),
  qps_process_spread: external_exports.object({
    sd: external_exports.number().min(0).max(1).describe("standard deviation of the log QPS ratio's offset between one pair of server processes (head's over base's) and another"),
    df: external_exports.number().int().positive().describe("its degrees of freedom: the A/A blocks it was estimated from")
  }).strict().optional().describe("the step's QPS spread between server processes in A/A runs, as its profile records it (schedule.process_spread): the QPS drop test adds it to the rounds' own noise")
}).strict();
var LatencySchema = external_exports.object({
  avg: finiteNonNegative.nullable(),
  p95: finiteNonNegative.nullable(),
  p99: finiteNonNegative.nullable(),
  p50: finiteNonNegative.nullable().optional(),
  p90: finiteNonNegative.nullable().optional(),
  p99_9: finiteNonNegative.nullable().optional(),
  max: finiteNonNegative.nullable().optional()
}).strict().describe("milliseconds; null where the driver does not report it (p50, p90, p99_9, max: absent too)");
var BackgroundWriterSchema = external_exports.object({
  target_rows_per_s: external_exports.number().finite().positive(),
  rows_per_s: finiteNonNegative.describe("rows/s the writer inserted (and deleted) during the measured interval"),
  kept_rate: external_exports.boolean().describe("it wrote at least the driver's share of its target (ibench: 95%); false makes the step's QPS unjudged")
}).strict().refine((w) => !w.kept_rate || w.rows_per_s > 0, { message: "a writer that wrote nothing did not keep its rate", path: ["kept_rate"] }).describe("a query step's background writer (the insert benchmark's qr/qp steps)");
var MetricsSchema = external_exports.object({
  cpu_us_per_op: finiteNonNegative.describe("host CPU microseconds (user+system, all cores) per operation"),
  cs_per_op: finiteNonNegative.describe("host context switches per operation"),
  r_per_op: finiteNonNegative.describe("storage read requests per operation"),
  rkb_per_op: finiteNonNegative.describe("KB read from storage per operation"),
  wkb_per_op: finiteNonNegative.describe("KB written to storage per operation")
}).strict();
var METRIC_KEYS = ["cpu_us_per_op", "cs_per_op", "r_per_op", "rkb_per_op", "wkb_per_op"];
var METRIC_NAMES = {
  cpu_us_per_op: "cpu/op",
  cs_per_op: "cs/op",
  r_per_op: "r/op",
  rkb_per_op: "rKB/op",
  wkb_per_op: "wKB/op"
};
var LsmMetricsSchema = external_exports.object({
  compaction_read_bytes_per_op: finiteNonNegative.describe("bytes compactions read (rocksdb.compact.read.bytes) per operation"),
  compaction_write_bytes_per_op: finiteNonNegative.describe("bytes compactions wrote (rocksdb.compact.write.bytes) per operation"),
  flush_write_bytes_per_op: finiteNonNegative.describe("bytes memtable flushes wrote (rocksdb.flush.write.bytes) per operation"),
  write_amplification: finiteNonNegative.nullable().describe("(flush + compaction bytes written) / bytes the application wrote (rocksdb.bytes.written); null when it wrote nothing")
}).strict().describe(
  "an LSM engine's own write counters over the run (RocksDB's db_bench --statistics), per measured operation (a *whilewriting step: per read, its writer's bytes included); absent where the step does not report them"
);
var LSM_METRIC_KEYS = ["compaction_read_bytes_per_op", "compaction_write_bytes_per_op", "flush_write_bytes_per_op", "write_amplification"];
var LSM_METRIC_NAMES = {
  compaction_read_bytes_per_op: "compact rB/op",
  compaction_write_bytes_per_op: "compact wB/op",
  flush_write_bytes_per_op: "flush wB/op",
  write_amplification: "w-amp"
};
var sampleCommon = {
  step: nonEmpty.describe("a steps[].id"),
  variant: nonEmpty.describe("a variants[].id"),
  round: external_exports.number().int().nonnegative().max(MAX_ROUNDS_PER_STEP - 1, tooMany("rounds per step", MAX_ROUNDS_PER_STEP)).describe("interleaving round, from 0"),
  position: external_exports.number().int().nonnegative().describe("order of this variant within its round, from 0"),
  started_at: external_exports.iso.datetime({ offset: true }),
  duration_s: finiteNonNegative
};
var OkSampleSchema = external_exports.object({
  ...sampleCommon,
  status: external_exports.literal("ok"),
  ops: external_exports.number().finite().positive(),
  ops_per_s: external_exports.number().finite().positive(),
  process: external_exports.number().int().nonnegative().optional().describe(
    "which process of this variant measured the sample: samples of one step and variant with the same number came from one server process (a restart or a replacement starts the next number); an embedded engine runs each round in a process of its own. Absent in results from before 2026-12-04"
  ),
  latency_ms: LatencySchema.nullable(),
  metrics: MetricsSchema.nullable().describe("null when the host counters were not available"),
  client_cpu_share: external_exports.number().finite().min(0).nullable().describe("client CPU seconds / (interval seconds x cores): a high share means the client may be the bottleneck"),
  background_writer: BackgroundWriterSchema.optional(),
  stall_percent: external_exports.number().finite().min(0).max(100).optional().describe(`percent of the run's time writes were stalled (RocksDB's db_bench: "Cumulative stall" of a step that writes); absent where the step does not report it`),
  lsm_metrics: LsmMetricsSchema.optional(),
  database_bytes: external_exports.number().int().nonnegative().optional().describe("the benchmark database's size on disk after the round (PostgreSQL: pg_database_size); absent where the engine does not tell it"),
  server_rss_bytes: external_exports.number().int().nonnegative().optional().describe(
    "peak memory of the server's processes during the round: the sum of their Pss from /proc/<pid>/smaps_rollup (memory shared between them counted once), polled every half second; absent where the engine does not list its processes"
  )
}).strict();
var ErrorSampleSchema = external_exports.object({
  ...sampleCommon,
  status: external_exports.literal("error"),
  error: external_exports.object({
    message: nonEmpty,
    log_excerpt: external_exports.string().describe("the last lines of the driver output and server log")
  }).strict()
}).strict();
var SampleSchema = external_exports.discriminatedUnion("status", [OkSampleSchema, ErrorSampleSchema]);
var instructionRepeat = external_exports.number().int().nonnegative().max(MAX_ROUNDS_PER_STEP - 1, tooMany("repeats per step", MAX_ROUNDS_PER_STEP)).describe("repeat of the differenced pair of runs, from 0");
var instructionCommon = {
  step: nonEmpty.describe("a steps[].id"),
  variant: nonEmpty.describe("a variants[].id")
};
var OkInstructionSampleSchema = external_exports.object({
  ...instructionCommon,
  repeat: instructionRepeat,
  status: external_exports.literal("ok"),
  tool: external_exports.enum(["cachegrind", "callgrind", "perf"]).describe("cachegrind, callgrind: valgrind's count (callgrind: collected only inside the serving functions); perf: hardware counters"),
  ops: external_exports.number().finite().positive().describe("operations of the longer run minus those of the shorter one"),
  instructions: external_exports.number().finite().positive().describe("instructions of the longer run minus those of the shorter one"),
  instructions_per_op: external_exports.number().finite().positive(),
  l1_misses_per_op: external_exports.number().finite().optional().describe("first-level cache misses per operation (I1mr + D1mr + D1mw), by the same difference; with the cache simulation only"),
  ll_misses_per_op: external_exports.number().finite().optional().describe("last-level cache misses per operation (ILmr + DLmr + DLmw); with the cache simulation only"),
  estimated_cycles_per_op: external_exports.number().finite().positive().optional().describe("instructions + 10 x first-level + 100 x last-level misses per operation (KCachegrind's cycle estimation); with the cache simulation only"),
  caches: SimulatedCachesSchema.optional().describe(
    "the caches the simulation modelled, as valgrind's out files describe them; with the cache simulation only (counts with other caches are not compared; a count from before this was recorded had the default)"
  ),
  counted: nonEmpty.describe('whose work was counted, e.g. "serving backends" (background processes excluded)')
}).strict();
var ErrorInstructionSampleSchema = external_exports.object({
  ...instructionCommon,
  repeat: instructionRepeat,
  status: external_exports.literal("error"),
  error: external_exports.object({ message: nonEmpty, log_excerpt: external_exports.string() }).strict()
}).strict();
var UnavailableInstructionSampleSchema = external_exports.object({
  ...instructionCommon,
  status: external_exports.literal("unavailable"),
  reason: nonEmpty.describe(
    "why this step is not counted (the profile leaves it out, or the machine cannot count: valgrind not installed): n/a, never a failure when no variant was counted; against a variant that was counted, an error"
  )
}).strict();
var InstructionSampleSchema = external_exports.discriminatedUnion("status", [OkInstructionSampleSchema, ErrorInstructionSampleSchema, UnavailableInstructionSampleSchema]);
var SequentialSchema = external_exports.object({
  min_rounds: external_exports.number().int().min(2),
  max_rounds: external_exports.number().int().min(2),
  look_every: external_exports.number().int().positive(),
  spending: external_exports.enum(["pocock", "obrien-fleming"])
}).strict().describe("adaptive rounds: a step stopped at a planned look; compare tests each step at the nominal level of its number of pairs");
var cpuList = external_exports.string().regex(/^\d+(-\d+)?(,\d+(-\d+)?)*$/, "a CPU list such as 0 or 0-3,6");
var CpuPlacementSchema = external_exports.union([
  external_exports.object({ server: cpuList, client: cpuList }).strict().describe("a server engine: the CPUs the server and the benchmark client were held on"),
  external_exports.object({ process: cpuList }).strict().describe("an embedded engine: the CPUs its one process (the benchmark's, which opens the data itself) was held on")
]).describe("where the engine and the client were held (taskset); absent when the scheduler placed them");
var NoiseFloorSchema = external_exports.object({
  step: nonEmpty.describe("a steps[].id"),
  relative_spread: finiteNonNegative.describe(
    "99th percentile of |1 - relative QPS| over disjoint A/A windows of `rounds` rounds: a change smaller than this is within the step's run-to-run noise"
  ),
  log_ratio_sd: finiteNonNegative.describe("robust standard deviation (1.4826 x MAD) of the per-round A/A log ratios"),
  rounds: external_exports.number().int().positive().describe("rounds per window: the floor applies only to verdicts of this many pairs"),
  windows: external_exports.number().int().positive().describe("disjoint A/A windows the quantile was taken over"),
  disjoint: external_exports.literal(true).describe("windows did not overlap (overlapping windows are not independent trials)"),
  hostname_hash: external_exports.string().regex(/^[0-9a-f]{16}$/, "16 hex digits of sha256(hostname)").describe("the runner it was measured on: applied only to runs of the same runner"),
  source: external_exports.string().describe("where it was measured, e.g. the A/A sessions' run ids")
}).strict();
var NoiseFloorListSchema = external_exports.array(NoiseFloorSchema).max(MAX_STEPS, tooMany("noise floor entries", MAX_STEPS));
var ShardSchema = external_exports.object({
  index: external_exports.number().int().positive().describe("this runner's shard, from 1"),
  count: external_exports.number().int().positive().max(MAX_SHARDS).describe("the runners the profile's steps were split over")
}).strict().refine((s) => s.index <= s.count, { message: "index must not exceed count", path: ["index"] }).describe("a share of the profile's steps measured on one of several runners of one architecture (input shard: i/n); report mode merges the shards");
var ResultsSchema = external_exports.object({
  schema: external_exports.literal(RESULTS_SCHEMA_ID),
  version: external_exports.literal(RESULTS_VERSION),
  run: external_exports.object({
    id: nonEmpty,
    started_at: external_exports.iso.datetime({ offset: true }),
    finished_at: external_exports.iso.datetime({ offset: true }),
    tool: external_exports.string().describe("the harness that wrote the file, with its version"),
    budget_exhausted: external_exports.boolean().describe("the time budget stopped adding rounds"),
    notes: external_exports.array(external_exports.string()),
    sequential: SequentialSchema.optional(),
    cpu_placement: CpuPlacementSchema.optional(),
    accepted: external_exports.object({ label: nonEmpty, by: nonEmpty.describe("the login that set the label (triage rights or above, after the last push)") }).strict().optional().describe("the pull request's regressions were accepted with this label: they are reported, the check passes"),
    shard: ShardSchema.optional(),
    qps_measured: external_exports.literal(false).optional().describe("false: the run skipped the QPS rounds and only counted instructions per operation (--instructions-only); its QPS verdicts are n/a")
  }).strict(),
  fingerprint: FingerprintSchema,
  engine: external_exports.object({ name: nonEmpty.describe("the profile's engine: postgresql, mariadb, rocksdb, ..."), version: external_exports.string() }).strict(),
  profile: external_exports.object({
    name: nonEmpty,
    version: external_exports.number().int().nonnegative(),
    hash: external_exports.string().describe("sha256 of the profile's content")
  }).strict(),
  base_variant: nonEmpty.describe("a variants[].id every other variant is compared against"),
  variants: external_exports.array(VariantSchema).min(1).max(MAX_VARIANTS, tooMany("variants", MAX_VARIANTS)),
  steps: external_exports.array(StepSchema).max(MAX_STEPS, tooMany("steps", MAX_STEPS)),
  samples: external_exports.array(SampleSchema).max(MAX_SAMPLES, tooMany("samples", MAX_SAMPLES)),
  instructions: external_exports.array(InstructionSampleSchema).max(MAX_INSTRUCTION_SAMPLES, tooMany("instruction samples", MAX_INSTRUCTION_SAMPLES)).optional().describe("instructions per operation (the deterministic channel); absent when not counted"),
  thresholds: external_exports.object({
    run: ThresholdsInputSchema.describe("the run's thresholds, resolved from defaults < profile < config file < flags or inputs"),
    overrides: external_exports.array(ThresholdOverrideSchema).max(MAX_STEPS, tooMany("threshold overrides", MAX_STEPS)).describe("per-step overrides (profile's, then config file's; later ones win)")
  }).strict().optional().describe("what the run is judged by: every mode and command compares with these unless thresholds are given explicitly"),
  noise_floor: NoiseFloorListSchema.optional().describe("per-step A/A noise of this runner, kept with a stored baseline; raises the failing threshold of noisy steps")
}).strict().superRefine((doc, ctx) => {
  const variantIds = /* @__PURE__ */ new Set();
  doc.variants.forEach((v, i) => {
    if (variantIds.has(v.id)) ctx.addIssue({ code: "custom", path: ["variants", i, "id"], message: `duplicate variant id "${v.id}"` });
    variantIds.add(v.id);
  });
  if (!variantIds.has(doc.base_variant)) {
    ctx.addIssue({ code: "custom", path: ["base_variant"], message: `"${doc.base_variant}" is not a variants[].id` });
  }
  const stepIds = /* @__PURE__ */ new Set();
  doc.steps.forEach((s, i) => {
    if (stepIds.has(s.id)) ctx.addIssue({ code: "custom", path: ["steps", i, "id"], message: `duplicate step id "${s.id}"` });
    stepIds.add(s.id);
  });
  const checkRefs = (list, entries) => entries.forEach((s, i) => {
    if (!stepIds.has(s.step)) ctx.addIssue({ code: "custom", path: [list, i, "step"], message: `"${s.step}" is not a steps[].id` });
    if (!variantIds.has(s.variant)) ctx.addIssue({ code: "custom", path: [list, i, "variant"], message: `"${s.variant}" is not a variants[].id` });
  });
  checkRefs("samples", doc.samples);
  checkRefs("instructions", doc.instructions ?? []);
});

// src/results/io.ts
var MAX_RESULTS_FILE_BYTES = 64 * 1024 * 1024;
var MAX_NOISE_FLOOR_FILE_BYTES = 1024 * 1024;
function tooLargeError(bytes, maxBytes, source) {
  return new InputError(`${bytes} bytes is larger than the ${maxBytes.toLocaleString("en-US")} bytes a file of this kind may have`, source, "$");
}
function parseResults(data, source) {
  if (typeof data === "object" && data !== null) {
    const { schema, version } = data;
    if (schema !== RESULTS_SCHEMA_ID) {
      throw new InputError(`not a db-bench-gate results document (schema is ${JSON.stringify(schema)}, expected "${RESULTS_SCHEMA_ID}")`, source, "$.schema");
    }
    if (typeof version === "number" && version > RESULTS_VERSION) {
      throw new InputError(
        `results format version ${version} is newer than this db-bench-gate understands (${RESULTS_VERSION}); upgrade db-bench-gate`,
        source,
        "$.version"
      );
    }
  }
  return validate(ResultsSchema, data, source);
}
function parseJson(text, source) {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`not JSON: ${e.message}`, source, "$");
  }
}
var UNKNOWN_SIZE_BUFFER_BYTES = 1024 * 1024;
async function readCapped(file, maxBytes, options = {}) {
  const cannotRead = (e) => new InputError(`cannot read: ${e.code ?? String(e)}`, file);
  let handle;
  try {
    handle = await open(file, "r");
  } catch (e) {
    if (options.missingIsNull && e.code === "ENOENT") return null;
    throw cannotRead(e);
  }
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) throw tooLargeError(size.toLocaleString("en-US"), maxBytes, file);
    let buffer = Buffer.allocUnsafe(Math.min(maxBytes, size || UNKNOWN_SIZE_BUFFER_BYTES) + 1);
    let length = 0;
    for (; ; ) {
      if (length === buffer.length) {
        if (length > maxBytes) throw tooLargeError(`more than ${maxBytes.toLocaleString("en-US")}`, maxBytes, file);
        const grown = Buffer.allocUnsafe(Math.min(maxBytes + 1, 2 * buffer.length));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null).catch((e) => {
        throw cannotRead(e);
      });
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > maxBytes) throw tooLargeError(`more than ${maxBytes.toLocaleString("en-US")}`, maxBytes, file);
    return buffer.toString("utf8", 0, length);
  } finally {
    await handle.close();
  }
}
async function readJson(file, maxBytes) {
  return parseJson(await readCapped(file, maxBytes), file);
}
async function readResults(file) {
  return parseResults(await readJson(file, MAX_RESULTS_FILE_BYTES), file);
}
async function readNoiseFloor(file) {
  return parseNoiseFloor(await readCapped(file, MAX_NOISE_FLOOR_FILE_BYTES), file);
}
function parseNoiseFloor(text, source) {
  return validate(NoiseFloorListSchema, parseJson(text, source), source);
}
async function writeAtomically(file, text) {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, text);
  await rename(tmp, file);
}
async function writeResults(file, results) {
  await mkdir(dirname(file), { recursive: true });
  await writeAtomically(file, JSON.stringify(ResultsSchema.parse(results), null, 2) + "\n");
}

// src/config/plan.ts
import os2 from "node:os";
import path15 from "node:path";

// src/compare/thresholds.ts
var import_picomatch = __toESM(require_picomatch2(), 1);

// src/compare/types.ts
var DEFAULT_THRESHOLDS = {
  // a significant drop (one-sided, alpha over the run's steps) whose estimate is below 0.97 fails: a
  // true 5% drop's estimate is below it most of the time (docs/verdict-quality.md, "QPS: the rate that fails the gate")
  fail_below: 0.97,
  warn_below: 0.98,
  improve_above: 1.05,
  alpha: 0.01,
  instructions_fail_above: 1.02,
  instructions_warn_above: 1.005,
  instructions_improve_below: 0.99
};
var VERDICTS = ["regression", "error", "warning", "unstable", "missing", "n/a", "improvement", "unchanged"];
var INSTRUCTION_VERDICTS = ["regression", "error", "warning", "unstable", "missing", "n/a", "improvement", "unchanged"];

// src/compare/thresholds.ts
var KEYS = Object.keys(DEFAULT_THRESHOLDS);
function validate2(t, where) {
  const fail = (field2, message) => {
    throw new InputError(message, void 0, `${where}${field2}`);
  };
  for (const key of KEYS) if (!Number.isFinite(t[key])) fail(key, `must be a number, got ${String(t[key])}`);
  if (!(t.alpha > 0 && t.alpha < 0.5)) fail("alpha", `must be between 0 and 0.5 (exclusive), got ${t.alpha}`);
  if (!(t.fail_below > 0)) fail("fail_below", `must be above 0, got ${t.fail_below}`);
  if (t.fail_below > t.warn_below) fail("fail_below", `${t.fail_below} must not exceed warn_below ${t.warn_below}`);
  if (t.warn_below > 1) fail("warn_below", `must be at most 1, got ${t.warn_below}`);
  if (t.improve_above < 1) fail("improve_above", `must be at least 1, got ${t.improve_above}`);
  if (t.instructions_warn_above < 1) fail("instructions_warn_above", `must be at least 1, got ${t.instructions_warn_above}`);
  if (t.instructions_warn_above > t.instructions_fail_above) {
    fail("instructions_fail_above", `${t.instructions_fail_above} must be at least instructions_warn_above ${t.instructions_warn_above}`);
  }
  if (!(t.instructions_improve_below > 0 && t.instructions_improve_below <= 1)) fail("instructions_improve_below", `must be above 0 and at most 1, got ${t.instructions_improve_below}`);
  return t;
}
function definedOnly(partial) {
  return Object.fromEntries(Object.entries(partial).filter(([k, v]) => KEYS.includes(k) && v !== void 0));
}
function thresholdResolver(options = {}, overrides = []) {
  const run = validate2({ ...DEFAULT_THRESHOLDS, ...definedOnly(options) }, "thresholds.");
  const compiled = overrides.map((override, i) => {
    if (typeof override.step !== "string" || override.step === "") {
      throw new InputError("needs a step glob", void 0, `overrides[${i}].step`);
    }
    const { step, ...values } = override;
    validate2({ ...run, ...definedOnly(values) }, `overrides[${i}] (step ${step}).`);
    return { matches: (0, import_picomatch.default)(step, { dot: true }), values: definedOnly(values) };
  });
  return {
    run,
    forStep(stepId) {
      const merged = compiled.filter((o) => o.matches(stepId)).reduce((t, o) => ({ ...t, ...o.values }), run);
      return validate2(merged, `overrides for step ${stepId}: `);
    }
  };
}
function storedJudging(judging) {
  return { run: thresholdResolver(judging?.thresholds, judging?.overrides).run, overrides: judging?.overrides ?? [] };
}

// src/engine/mariadb.ts
import { existsSync as existsSync2 } from "node:fs";
import { writeFile as writeFile3 } from "node:fs/promises";
import path6 from "node:path";
import { setTimeout as sleep2 } from "node:timers/promises";

// src/disk-usage.ts
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
async function diskUsage(path22) {
  const seen = /* @__PURE__ */ new Set();
  const walk = async (entry, top) => {
    const unlessGone = (value, gone) => value.catch((e) => {
      if (top || e.code !== "ENOENT") throw e;
      return gone;
    });
    const st = await unlessGone(lstat(entry), null);
    if (st === null) return 0;
    const inode = `${st.dev}:${st.ino}`;
    if (seen.has(inode)) return 0;
    seen.add(inode);
    let bytes = st.blocks * 512;
    if (st.isDirectory()) {
      for (const name of await unlessGone(readdir(entry), [])) bytes += await walk(join(entry, name), false);
    }
    return bytes;
  };
  return walk(path22, true);
}

// src/measure/cpu-affinity.ts
import { readFile } from "node:fs/promises";
function allowedList(text, allowed, source, field2) {
  const cpus = parseCpuList(text);
  if (!cpus) throw new InputError(`"${text}" is not a CPU list such as "0" or "0-3,6"`, source, field2);
  const missing = cpus.filter((cpu) => !allowed.includes(cpu));
  if (missing.length) throw new InputError(`CPU ${formatCpuList(missing)} is not available on this runner (allowed: ${formatCpuList(allowed)})`, source, field2);
  return cpus;
}
function placeProcess(setting, allowed, source) {
  if (setting === "split") return { process: placeProcesses("split", allowed, source).server };
  if (!("process" in setting)) throw new InputError("an embedded engine runs one process: give cpu_affinity.process, not server and client", source, "$.cpu_affinity");
  return { process: allowedList(setting.process, allowed, source, "$.cpu_affinity.process") };
}
function parseCpuList(text) {
  if (!/^\d+(-\d+)?(,\d+(-\d+)?)*$/.test(text)) return null;
  const cpus = /* @__PURE__ */ new Set();
  for (const part of text.split(",")) {
    const [from, to = from] = part.split("-").map(Number);
    if (to < from) return null;
    for (let cpu = from; cpu <= to; cpu++) cpus.add(cpu);
  }
  return [...cpus].sort((a, b) => a - b);
}
function formatCpuList(cpus) {
  const parts = [];
  for (let i = 0; i < cpus.length; ) {
    let j = i;
    while (j + 1 < cpus.length && cpus[j + 1] === cpus[j] + 1) j++;
    parts.push(i === j ? String(cpus[i]) : `${cpus[i]}-${cpus[j]}`);
    i = j + 1;
  }
  return parts.join(",");
}
function placeProcesses(setting, allowed, source) {
  if (setting === "split") {
    if (allowed.length < 2) throw new InputError(`"split" needs at least 2 CPUs; this runner allows ${formatCpuList(allowed) || "none"}`, source, "$.cpu_affinity");
    const half = Math.ceil(allowed.length / 2);
    return { server: allowed.slice(0, half), client: allowed.slice(half) };
  }
  if ("process" in setting) throw new InputError("a server engine has a server and a client: give cpu_affinity.server and .client (or split), not process", source, "$.cpu_affinity");
  const placement = {
    server: allowedList(setting.server, allowed, source, "$.cpu_affinity.server"),
    client: allowedList(setting.client, allowed, source, "$.cpu_affinity.client")
  };
  const shared = placement.server.filter((cpu) => placement.client.includes(cpu));
  if (shared.length) throw new InputError(`server and client share CPU ${formatCpuList(shared)}: they must not compete for a core`, source, "$.cpu_affinity");
  return placement;
}
function onCpus(command, cpus) {
  return cpus?.length ? { file: "taskset", args: ["--cpu-list", formatCpuList(cpus), command.file, ...command.args] } : command;
}
async function allowedCpus() {
  const status = await readFile("/proc/self/status", "utf8");
  const line = /^Cpus_allowed_list:\s*(\S+)$/m.exec(status)?.[1];
  const cpus = line === void 0 ? null : parseCpuList(line);
  if (!cpus) throw new Error(`cannot read Cpus_allowed_list from /proc/self/status:
${status}`);
  return cpus;
}

// src/engine/loopback-port.ts
import net from "node:net";
function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")));
    });
  });
}

// src/engine/mariadb-counting.ts
import { mkdir as mkdir2 } from "node:fs/promises";
import path3 from "node:path";

// src/measure/valgrind-functions.ts
import path from "node:path";
var SUMMARY_GAP = 1e-6;
var MAX_NAME_CHARS = 1e3;
var MAX_FUNCTIONS = 1e5;
var functionKey = (id) => `${id.object}\0${id.file}\0${id.name}`;
function functionIdOf(key) {
  const [object = "", file = "", name = ""] = key.split("\0");
  return { object, file, name };
}
var lineKey = (file, line) => `${file}	${line}`;
function lineOf(key) {
  const tab = key.lastIndexOf("	");
  return { file: key.slice(0, tab), line: Number(key.slice(tab + 1)) };
}
var callerKey = (caller, line) => `${caller}${line}`;
function callerOf(key) {
  const at = key.lastIndexOf("");
  return { caller: key.slice(0, at), line: Number(key.slice(at + 1)) };
}
var zeroCost = () => [0, 0, 0];
function addInto(into, cost, factor = 1) {
  into[0] += factor * cost[0];
  into[1] += factor * cost[1];
  into[2] += factor * cost[2];
}
var L1_MISS_EVENTS = ["I1mr", "D1mr", "D1mw"];
var LL_MISS_EVENTS = ["ILmr", "DLmr", "DLmw"];
var HEADER_KEYS = /* @__PURE__ */ new Set(["version", "creator", "pid", "cmd", "part", "thread", "desc", "positions", "events", "event", "summary", "totals"]);
var JUMP_KEYS = /* @__PURE__ */ new Set(["jump", "jcnd", "jfi", "jfn"]);
function cleanName(raw) {
  const text = raw.replace(/[\u0000-\u001f\u007f]/g, "");
  return text.length > MAX_NAME_CHARS ? `${text.slice(0, MAX_NAME_CHARS)}\u2026` : text;
}
var withoutRecursionDepth = (name) => name.replace(/'\d+$/, "");
function parseFunctionCosts(raw, file, { cacheSim = false } = {}) {
  const fail = (message) => {
    throw new ParseError(`${file}: ${message}`, raw);
  };
  const lines = raw.split(/\r?\n/);
  let events = null;
  let summary = null;
  let positions = 1;
  const functions = /* @__PURE__ */ new Map();
  const names = { file: /* @__PURE__ */ new Map(), fn: /* @__PURE__ */ new Map(), ob: /* @__PURE__ */ new Map() };
  const resolve = (space, value, lineNo) => {
    const match = /^\((\d+)\)(?: (.*))?$/.exec(value);
    if (!match) return cleanName(value);
    const [, id, name] = match;
    if (name !== void 0) {
      const clean = cleanName(name);
      names[space].set(id, clean);
      return clean;
    }
    return names[space].get(id) ?? fail(`line ${lineNo}: ${space} id (${id}) used before it was named`);
  };
  let object = "";
  let fileName = "???";
  let sourceFile = "???";
  let current = null;
  let call = {};
  let pendingCall = null;
  let callGraph = false;
  let callgrind = false;
  let eventIndex = { ir: -1, l1: [], ll: [] };
  const lastPosition = [];
  const total = zeroCost();
  const functionAt = (id) => {
    const key = functionKey(id);
    let fn = functions.get(key);
    if (!fn) {
      if (functions.size >= MAX_FUNCTIONS) fail(`more than ${MAX_FUNCTIONS} functions`);
      fn = { ...id, self: zeroCost(), lines: {}, callers: {}, callees: zeroCost() };
      functions.set(key, fn);
    }
    return fn;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const lineNo = i + 1;
    if (line === "" || line.startsWith("#")) continue;
    const first2 = line.charCodeAt(0);
    const isCost = first2 >= 48 && first2 <= 57 || line[0] === "+" || line[0] === "-" || line[0] === "*";
    if (isCost) {
      if (!events) fail(`line ${lineNo}: a cost line before the "events:" line`);
      if (!current) fail(`line ${lineNo}: a cost line outside any "fn=" section`);
      const fields = line.trim().split(/\s+/);
      if (fields.length < positions) fail(`line ${lineNo}: a cost line without its position`);
      let sourceLine = 0;
      for (let p = 0; p < positions; p++) {
        const field2 = fields[p];
        const previous = lastPosition[p] ?? 0;
        const value = field2 === "*" ? previous : field2[0] === "+" ? previous + Number(field2.slice(1)) : field2[0] === "-" ? previous - Number(field2.slice(1)) : Number(field2.startsWith("0x") ? field2 : field2);
        if (!Number.isSafeInteger(value) || value < 0) fail(`line ${lineNo}: position "${field2}" is not one`);
        lastPosition[p] = value;
        if (p === positions - 1) sourceLine = value;
      }
      const counts = fields.slice(positions);
      if (counts.length > events.length) fail(`line ${lineNo}: ${counts.length} costs for ${events.length} events`);
      const valueOf = (index) => {
        const text = counts[index];
        if (text === void 0) return 0;
        const value = Number(text);
        if (!/^\d+$/.test(text) || !Number.isSafeInteger(value)) fail(`line ${lineNo}: cost "${text}" is not a count`);
        return value;
      };
      const cost = [valueOf(eventIndex.ir), eventIndex.l1.reduce((a, e) => a + valueOf(e), 0), eventIndex.ll.reduce((a, e) => a + valueOf(e), 0)];
      const fn = current;
      if (pendingCall !== null) {
        const callee = functions.get(pendingCall);
        const key = callerKey(functionKey(fn), sourceLine);
        addInto(callee.callers[key] ??= zeroCost(), cost);
        addInto(fn.callees, cost);
        pendingCall = null;
      } else {
        addInto(fn.self, cost);
        addInto(fn.lines[lineKey(sourceFile, sourceLine)] ??= zeroCost(), cost);
        addInto(total, cost);
      }
      continue;
    }
    if (pendingCall !== null) fail(`line ${lineNo}: "calls=" is not followed by its cost line`);
    const spec = /^([a-z]+)=(.*)$/.exec(line);
    if (spec) {
      const [, key, value] = spec;
      switch (key) {
        case "ob":
          object = path.basename(resolve("ob", value, lineNo));
          break;
        case "fl":
          fileName = resolve("file", value, lineNo);
          sourceFile = fileName;
          break;
        case "fi":
        case "fe":
          sourceFile = resolve("file", value, lineNo);
          break;
        case "fn":
          current = functionAt({ object, file: callgrind ? fileName : "", name: withoutRecursionDepth(resolve("fn", value, lineNo)) });
          sourceFile = fileName;
          break;
        case "cob":
          call.object = path.basename(resolve("ob", value, lineNo));
          break;
        case "cfi":
        case "cfl":
          call.file = resolve("file", value, lineNo);
          break;
        case "cfn":
          call.name = withoutRecursionDepth(resolve("fn", value, lineNo));
          break;
        case "calls": {
          if (!current) fail(`line ${lineNo}: "calls=" outside any "fn=" section`);
          if (call.name === void 0) fail(`line ${lineNo}: "calls=" without the "cfn=" it calls`);
          if (!/^\d+ +\S+/.test(value)) fail(`line ${lineNo}: "calls=${value}" is not a count and a position`);
          pendingCall = functionKey(functionAt({ object: call.object ?? object, file: call.file ?? fileName, name: call.name }));
          call = {};
          callGraph = true;
          break;
        }
        default:
          if (!JUMP_KEYS.has(key)) fail(`line ${lineNo}: unknown line "${cleanName(line).slice(0, 80)}"`);
      }
      continue;
    }
    const header = /^([a-z]+):(.*)$/.exec(line);
    if (header && HEADER_KEYS.has(header[1])) {
      const [, key, value] = header;
      if (key === "creator") {
        callgrind = value.trim().startsWith("callgrind");
      } else if (key === "events") {
        if (events) fail('more than one "events:" line');
        events = value.trim().split(/\s+/);
        const index = (name) => events.indexOf(name);
        eventIndex = { ir: index("Ir"), l1: L1_MISS_EVENTS.map(index), ll: LL_MISS_EVENTS.map(index) };
        if (eventIndex.ir < 0) fail(`no instruction counts (events: ${events.join(" ")})`);
        if (cacheSim && [...eventIndex.l1, ...eventIndex.ll].some((e) => e < 0)) fail(`no cache misses (events: ${events.join(" ")}): not counted with --cache-sim=yes?`);
        if (!cacheSim) eventIndex = { ir: eventIndex.ir, l1: [], ll: [] };
      } else if (key === "positions") {
        positions = value.trim().split(/\s+/).length;
      } else if (key === "summary") {
        if (summary !== null) fail('more than one "summary:" line');
        summary = value.trim();
      }
      continue;
    }
    fail(`line ${lineNo}: unknown line "${cleanName(line).slice(0, 80)}"`);
  }
  if (pendingCall !== null) fail('the file ends after "calls=" without its cost line: cut short?');
  if (!events) fail('no "events:" line: not a cachegrind or callgrind out file');
  if (summary === null) fail('no "summary:" line: the process had not finished writing it');
  const summaryIr = Number(summary.split(/\s+/)[eventIndex.ir] ?? "0");
  if (functions.size === 0 && summaryIr > 0) fail(`no "fn=" sections for a summary of ${summaryIr} instructions`);
  if (Math.abs(total[0] - summaryIr) > summaryIr * SUMMARY_GAP) fail(`the functions' own instructions add up to ${total[0]}, the summary says ${summaryIr}: cut short?`);
  return { callGraph, total, functions: Object.fromEntries(callgrind ? functions : [...functions.values()].map((fn) => withMainFile(fn))) };
}
function withMainFile(fn) {
  const byFile = /* @__PURE__ */ new Map();
  for (const [key, cost] of Object.entries(fn.lines)) {
    const { file: file2 } = lineOf(key);
    byFile.set(file2, (byFile.get(file2) ?? 0) + cost[0]);
  }
  const file = [...byFile].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? "???";
  const placed = { ...fn, file };
  return [functionKey(placed), placed];
}
function functionsOrError(raw, file, options = {}) {
  try {
    return parseFunctionCosts(raw, file, options);
  } catch (e) {
    return { error: e.message };
  }
}
function addProfile(into, profile, factor = 1) {
  into.callGraph ||= profile.callGraph;
  addInto(into.total, profile.total, factor);
  for (const [key, fn] of Object.entries(profile.functions)) {
    const target = into.functions[key] ??= { object: fn.object, file: fn.file, name: fn.name, self: zeroCost(), lines: {}, callers: {}, callees: zeroCost() };
    addInto(target.self, fn.self, factor);
    addInto(target.callees, fn.callees, factor);
    for (const [line, cost] of Object.entries(fn.lines)) addInto(target.lines[line] ??= zeroCost(), cost, factor);
    for (const [caller, cost] of Object.entries(fn.callers)) addInto(target.callers[caller] ??= zeroCost(), cost, factor);
  }
}
var emptyProfile = () => ({ callGraph: false, total: zeroCost(), functions: {} });
function treePathOf(file, treeFiles2) {
  const parts = path.posix.normalize(file).split("/");
  for (let i = 0; i < parts.length; i++) {
    const candidate = parts.slice(i).join("/");
    if (candidate !== "" && !candidate.startsWith("..") && treeFiles2.has(candidate)) return candidate;
  }
  return null;
}
function relativeToTree(profile, treeFiles2) {
  const memo = /* @__PURE__ */ new Map();
  const inTree = /* @__PURE__ */ new Set();
  const rename2 = (file) => {
    let renamed = memo.get(file);
    if (renamed === void 0) {
      const relative = treePathOf(file, treeFiles2);
      if (relative !== null) inTree.add(relative);
      renamed = relative ?? file;
      memo.set(file, renamed);
    }
    return renamed;
  };
  const renameKey = (key) => {
    const id = functionIdOf(key);
    return functionKey({ ...id, file: rename2(id.file) });
  };
  const out = emptyProfile();
  out.callGraph = profile.callGraph;
  addInto(out.total, profile.total);
  for (const fn of Object.values(profile.functions)) {
    const lines = {};
    for (const [key, cost] of Object.entries(fn.lines)) {
      const { file: file2, line } = lineOf(key);
      addInto(lines[lineKey(rename2(file2), line)] ??= zeroCost(), cost);
    }
    const callers = {};
    for (const [key, cost] of Object.entries(fn.callers)) {
      const { caller, line } = callerOf(key);
      addInto(callers[callerKey(renameKey(caller), line)] ??= zeroCost(), cost);
    }
    const file = rename2(fn.file);
    addProfile(out, { callGraph: profile.callGraph, total: zeroCost(), functions: { [functionKey({ ...fn, file })]: { ...fn, file, lines, callers } } });
  }
  return { profile: out, inTree: [...inTree].sort() };
}

// src/measure/valgrind.ts
import { readdir as readdir2, rm } from "node:fs/promises";
import path2 from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

// src/measure/cachegrind.ts
var L1_MISS_EVENTS2 = ["I1mr", "D1mr", "D1mw"];
var LL_MISS_EVENTS2 = ["ILmr", "DLmr", "DLmw"];
function isCompleteCachegrindOut(text) {
  return /^summary:/m.test(text);
}
function isCompleteCallgrindOut(text) {
  return /^totals:/m.test(text);
}
function parseCachegrindOut(raw, { cacheSim = false } = {}) {
  const text = raw.replace(/\r\n?/g, "\n");
  const eventsLines = [...text.matchAll(/^events:((?: +\S+)+) *$/gm)];
  if (eventsLines.length !== 1) throw new ParseError(`cachegrind output has ${eventsLines.length} "events:" lines, expected 1: not a cachegrind out file?`, raw);
  const events = eventsLines[0][1].trim().split(/ +/);
  const ir = events.indexOf("Ir");
  if (ir < 0) throw new ParseError(`cachegrind output counts no instructions (events: ${events.join(" ")})`, raw);
  const summaries = [...text.matchAll(/^summary:((?: +\S+)+) *$/gm)];
  if (summaries.length !== 1) {
    throw new ParseError(summaries.length === 0 ? "cachegrind output has no summary line: the process has not finished writing it" : "cachegrind output has more than one summary line", raw);
  }
  const totals = summaries[0][1].trim().split(/ +/);
  if (totals.length > events.length) throw new ParseError(`cachegrind summary has ${totals.length} totals for ${events.length} events`, raw);
  const total = (event) => {
    const index = events.indexOf(event);
    if (index < 0) throw new ParseError(`cachegrind output has no ${event} count (events: ${events.join(" ")}): not counted with --cache-sim=yes?`, raw);
    const value = Number(totals[index] ?? "0");
    if (!Number.isSafeInteger(value) || value < 0) throw new ParseError(`cachegrind ${event} total is not a count: "${totals[index]}"`, raw);
    return value;
  };
  const instructions = Number(totals[ir]);
  if (!Number.isSafeInteger(instructions) || instructions <= 0) throw new ParseError(`cachegrind instruction total is not a positive count: "${totals[ir]}"`, raw);
  const command = /^cmd: (.*)$/m.exec(text)?.[1];
  if (command === void 0) throw new ParseError('cachegrind output has no "cmd:" line', raw);
  if (!cacheSim) return { command, instructions };
  const sum2 = (names) => names.reduce((acc, name) => acc + total(name), 0);
  const caches = describedCaches(text);
  if (!caches) throw new ParseError('cachegrind output does not describe its I1, D1 and LL caches once each ("desc: I1 cache: ..." lines)', raw);
  return { command, instructions, cacheMisses: { l1: sum2(L1_MISS_EVENTS2), ll: sum2(LL_MISS_EVENTS2) }, caches };
}
var CYCLES_PER_L1_MISS = 10;
var CYCLES_PER_LL_MISS = 100;
function estimatedCycles(instructions, misses) {
  return instructions + CYCLES_PER_L1_MISS * misses.l1 + CYCLES_PER_LL_MISS * misses.ll;
}

// src/measure/valgrind.ts
var OUT_PREFIX = "cg.";
var MAX_COUNT_BYTES = 64 * 1024 * 1024;
var MAX_LOG_BYTES = 4 * 1024 * 1024;
function valgrindOn(cpus) {
  const { file, args } = onCpus({ file: "valgrind", args: [] }, cpus);
  return [file, ...args];
}
function cachegrindArgs(outDir, program, { cacheSim } = {}) {
  return ["--tool=cachegrind", ...cacheSim ? cacheSimArgs(cacheSim) : ["--cache-sim=no"], "--branch-sim=no", "--vgdb=no", `--cachegrind-out-file=${path2.join(outDir, `${OUT_PREFIX}%p`)}`, program];
}
function callgrindPerProcessArgs(outDir, program, toggles, { cacheSim } = {}) {
  return [
    "--tool=callgrind",
    ...cacheSim ? cacheSimArgs(cacheSim) : [],
    "--collect-atstart=no",
    ...toggles.map((name) => `--toggle-collect=${name}`),
    "--vgdb=no",
    `--callgrind-out-file=${path2.join(outDir, `${OUT_PREFIX}%p`)}`,
    program
  ];
}
function callgrindArgs(outDir, collectIn, { cacheSim } = {}) {
  return [
    "--tool=callgrind",
    ...cacheSim ? cacheSimArgs(cacheSim) : [],
    "--collect-atstart=no",
    `--toggle-collect=${collectIn}`,
    "--vgdb=yes",
    `--vgdb-prefix=${path2.join(outDir, "vgdb")}`,
    `--callgrind-out-file=${path2.join(outDir, `${OUT_PREFIX}%p`)}`,
    `--log-file=${valgrindLogFile(outDir)}`
  ];
}
var valgrindLogFile = (outDir) => path2.join(outDir, "valgrind.log");
async function vgdbDump(outDir, pid, user, run) {
  const before = new Set(await dumpFiles(outDir, pid));
  const vgdb = await run("vgdb", [`--vgdb-prefix=${path2.join(outDir, "vgdb")}`, `--pid=${pid}`, "dump"]);
  const written = (await dumpFiles(outDir, pid)).filter((file2) => !before.has(file2));
  if (vgdb.failed || written.length !== 1) {
    throw new PipelineError(`vgdb could not get a callgrind dump of process ${pid} (${written.length} new dump files)`, vgdb.all ?? "");
  }
  const file = path2.join(outDir, written[0]);
  const text = (await readAsUser(user, file, MAX_COUNT_BYTES) ?? "").toString("utf8");
  await rm(file);
  if (!isCompleteCallgrindOut(text)) throw new PipelineError(`the callgrind dump of process ${pid} is incomplete`, tail(text, 10));
  return text;
}
async function dumpFiles(outDir, pid) {
  const prefix = `${OUT_PREFIX}${pid}.`;
  return (await readdir2(outDir)).filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)));
}
function logReader(file, user) {
  return {
    size: () => sizeAsUser(user, file),
    since: async (offset) => (await readAsUser(user, file, MAX_LOG_BYTES, offset) ?? "").toString("utf8")
  };
}
async function restartUnderValgrind(engine, server, log) {
  const startedAt = await log.size();
  try {
    await server.underValgrind();
  } catch (e) {
    const logged = await log.since(startedAt);
    await server.plain();
    const excerpt = e instanceof PipelineError && e.logExcerpt ? e.logExcerpt : tail(logged);
    throw new BuildNotCountableError(`${engine} does not run under valgrind: ${unsupportedInstruction(logged) ?? e.message}`, excerpt);
  }
  try {
    await server.prepare();
  } catch (e) {
    await server.plain();
    throw e;
  }
}
async function runCounted(engine, log, isAlive, run) {
  const offset = await log.size();
  const result = await run();
  const logged = await log.since(offset);
  const unsupported = unsupportedInstruction(logged);
  if (unsupported) throw new BuildNotCountableError(`valgrind cannot run this build: ${unsupported}`, tail(logged));
  if (!isAlive()) throw new PipelineError(`${engine} exited during the counted run`);
  return result;
}
function tail(text, lines = 40) {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}
async function valgrindVersion() {
  const result = await execa("valgrind", ["--version"], { env: childEnv(process.env), extendEnv: false, reject: false, timeout: 3e4 });
  if (result.failed) throw new CountingUnavailableError("valgrind is not installed (Debian: apt-get install valgrind)");
  return result.stdout.trim();
}
function unsupportedInstruction(log) {
  const line = (/^.*Unrecognised instruction at address.*$/m.exec(log) ?? /^.*unhandled instruction bytes.*$/m.exec(log))?.[0];
  return line?.replace(/^==\d+== /, "").trim() ?? null;
}
async function countedPids(outDir) {
  return (await readdir2(outDir)).filter((name) => /^cg\.\d+$/.test(name)).map((name) => Number(name.slice(OUT_PREFIX.length)));
}
async function removeCounts(outDir, pids) {
  await Promise.all(pids.map((pid) => rm(path2.join(outDir, `${OUT_PREFIX}${pid}`), { force: true })));
}
async function readCounts(outDir, pids, timeoutMs, tool, user, { cacheSim } = {}) {
  const isComplete = tool === "callgrind" ? isCompleteCallgrindOut : isCompleteCachegrindOut;
  const deadline = performance.now() + timeoutMs;
  const total = { instructions: 0, cacheMisses: { l1: 0, ll: 0 } };
  let functions = emptyProfile();
  for (const pid of pids) {
    const file = path2.join(outDir, `${OUT_PREFIX}${pid}`);
    for (; ; ) {
      const text = (await readAsUser(user, file, MAX_COUNT_BYTES) ?? "").toString("utf8");
      if (isComplete(text)) {
        if (!(tool === "callgrind" && /^totals: 0$/m.test(text))) {
          const counted = countsOf(text, { cacheSim }, `the ${tool} count of process ${pid}`);
          if (!("error" in functions)) {
            const parsed = functionsOrError(text, file, { cacheSim: cacheSim !== void 0 });
            if ("error" in parsed) functions = parsed;
            else addProfile(functions, parsed);
          }
          total.instructions += counted.instructions;
          if (counted.cacheMisses) {
            total.cacheMisses.l1 += counted.cacheMisses.l1;
            total.cacheMisses.ll += counted.cacheMisses.ll;
          }
        }
        break;
      }
      if (performance.now() > deadline) {
        const what = text ? "is incomplete" : "was not written";
        throw new PipelineError(`the ${tool} count of process ${pid} ${what} ${Math.round(timeoutMs / 1e3)} s after the run`, tail(text, 10));
      }
      await sleep(100);
    }
  }
  return cacheSim ? { ...total, caches: cacheSim, functions } : { instructions: total.instructions, functions };
}
function countsOf(text, { cacheSim }, what) {
  const counted = parseCachegrindOut(text, { cacheSim: cacheSim !== void 0 });
  if (!cacheSim || !counted.cacheMisses || !counted.caches) return { instructions: counted.instructions };
  if (!sameCaches(counted.caches, cacheSim)) {
    const described = text.split("\n").filter((line) => line.startsWith("desc: ")).join("\n");
    throw new PipelineError(`${what} simulated ${cachesText(counted.caches)}, not the ${cachesText(cacheSim)} asked for`, described);
  }
  return { instructions: counted.instructions, cacheMisses: counted.cacheMisses, caches: cacheSim };
}

// src/engine/mariadb-counting.ts
var MARIADB_COUNTED_WORK = "connection threads (inside dispatch_command)";
var COLLECT_IN = "dispatch_command*";
var quoteName = (name) => `\`${name.replace(/`/g, "``")}\``;
var PREWARMED_INDEX_TYPES = ["BTREE", "LSMTREE"];
function prewarmStatements(database, indexes) {
  return indexes.split("\n").filter((line) => line.trim() !== "").map((line) => {
    const [table, index] = line.split("	");
    if (!table || !index) throw new PipelineError(`unexpected index list line "${line}" (expected table<TAB>index)`);
    return `SELECT COUNT(*) FROM ${quoteName(database)}.${quoteName(table)} FORCE INDEX (${quoteName(index)})`;
  });
}
async function startCountingMariadb(server, options = {}) {
  const timeoutMs = options.timeoutMs ?? 12e4;
  await valgrindVersion();
  const outDir = path3.join(server.dataRoot, "callgrind");
  await mkdir2(outDir, { recursive: true });
  await giveTo(server.user, outDir);
  const log = logReader(valgrindLogFile(outDir), server.user);
  const bufferPool = (await server.query("SHOW GLOBAL VARIABLES WHERE Variable_name IN ('innodb_buffer_pool_size', 'innodb_buffer_pool_size_max')")).split("\n").map((line) => line.split("	"));
  const poolBytes = bufferPool.find(([name]) => name === "innodb_buffer_pool_size")?.[1];
  if (!poolBytes) throw new PipelineError("could not read innodb_buffer_pool_size");
  const hasPoolMax = bufferPool.some(([name]) => name === "innodb_buffer_pool_size_max");
  const counted = {
    wrapper: [...valgrindOn(options.cpus), ...callgrindArgs(outDir, COLLECT_IN, options)],
    options: [
      "--innodb-use-native-aio=0",
      "--innodb-buffer-pool-dump-at-shutdown=0",
      "--innodb-buffer-pool-load-at-startup=0",
      ...hasPoolMax ? [`--innodb-buffer-pool-size-max=${poolBytes}`] : []
    ]
  };
  const prewarm = async () => {
    const indexes = await server.query(
      `SELECT DISTINCT TABLE_NAME, INDEX_NAME FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = '${server.database.replace(/'/g, "''")}' AND INDEX_TYPE IN (${PREWARMED_INDEX_TYPES.map((type) => `'${type}'`).join(", ")})`
    );
    for (const statement of prewarmStatements(server.database, indexes)) await server.query(statement);
  };
  await restartUnderValgrind("MariaDB", { underValgrind: () => server.restart(counted), plain: () => server.restart(), prepare: prewarm }, log);
  const dump = () => vgdbDump(outDir, server.pid, server.user, (file, args) => execa(file, args, { ...asUserIn(server.user, outDir), all: true, reject: false, timeout: timeoutMs }));
  let stopped = false;
  return {
    tool: "callgrind",
    counted: MARIADB_COUNTED_WORK,
    // the server's caches, table definitions and prepared statements settle in a first run
    warmUp: true,
    async count(command, run) {
      if (stopped) throw new Error("the instruction counter was stopped");
      await server.quiesce();
      await dump();
      const result = await runCounted("MariaDB", log, () => server.isAlive(), () => run(command));
      const counted2 = await dump();
      const what = `the callgrind dump of process ${server.pid}`;
      return { result, ...countsOf(counted2, options, what), functions: functionsOrError(counted2, what, { cacheSim: options.cacheSim !== void 0 }) };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.restart();
      await removeUserTree(server.user, outDir, { endProcesses: false });
    }
  };
}

// src/engine/program-output.ts
import path4 from "node:path";
async function programVersion(binDir, program, user, pattern) {
  const result = await execa(path4.join(binDir, program), ["--version"], { ...asUser(user), reject: false, timeout: 3e4 });
  return pattern.exec(`${result.stdout}
${result.stderr}`)?.[1] ?? "unknown";
}
function lastLines(text, lines) {
  return text.split("\n").filter((line, i, all) => i < all.length - 1 || line !== "").slice(-lines).join("\n");
}

// src/engine/server-root.ts
import { existsSync } from "node:fs";
import { chmod, chown, mkdir as mkdir3, mkdtemp, readFile as readFile2, writeFile as writeFile2 } from "node:fs/promises";
import os from "node:os";
import path5 from "node:path";
var LOG_LINES_IN_ERRORS = 50;
var LOG_COPY_BYTES = 16 * 1024 * 1024;
var LOG_TAIL_BYTES = 256 * 1024;
function serverUser(options) {
  return options.user !== void 0 ? Promise.resolve(options.user) : unprivilegedUser(options.trust ?? "pr");
}
async function makeServerRoot(options, what) {
  const dataRoot = await mkdtemp(path5.join(options.workDir ?? os.tmpdir(), what.prefix));
  const dataDir = path5.join(dataRoot, "data");
  const socketDir = path5.join(dataRoot, "socket");
  const userDir = path5.join(dataRoot, "tmp");
  const liveLog = path5.join(dataRoot, what.liveLogName);
  const { user } = what;
  await mkdir3(path5.dirname(options.logFile), { recursive: true });
  const handle = await options.registry.register(`${what.description} in ${dataRoot}`, async () => {
    await what.stop(dataDir, userDir);
    const log = await tailAsUser(user, liveLog, LOG_COPY_BYTES);
    if (log !== null) await writeFile2(options.logFile, log);
    await removeUserTree(user, dataRoot);
  });
  const root = {
    dataRoot,
    dataDir,
    socketDir,
    userDir,
    liveLog,
    handle,
    pid: 0,
    isAlive: () => root.pid > 0 && processesUnder(dataDir).includes(root.pid),
    logTail: async (lines) => lastLines((existsSync(liveLog) ? await tailAsUser(user, liveLog, LOG_TAIL_BYTES) : await readFile2(options.logFile, "utf8").catch(() => "")) ?? "", lines),
    async fail(message, detail) {
      const log = await root.logTail(LOG_LINES_IN_ERRORS);
      await handle.run();
      if (options.registry.signal.aborted) throw options.registry.signal.reason;
      throw new PipelineError(message, [detail, log].filter(Boolean).join("\n--- server log ---\n"));
    }
  };
  await writeFile2(liveLog, "");
  await mkdir3(dataDir, { mode: 448 });
  await mkdir3(socketDir, { mode: 493 });
  await mkdir3(userDir, { mode: 448 });
  if (user) {
    await giveTo(user, dataDir, socketDir, userDir, liveLog);
    await chown(dataRoot, 0, user.gid);
    await chmod(dataRoot, 488);
    const access = await execa("test", ["-x", what.program, "-a", "-w", userDir], { ...asUser(user), reject: false });
    if (access.failed) {
      await root.fail(`${path5.dirname(what.program)} or ${dataRoot} is not reachable by the unprivileged user "${user.name}": keep the cache dir and TMPDIR out of private home directories`, "");
    }
  }
  return root;
}

// src/engine/mariadb.ts
var SUPERUSER = "root";
var START_ATTEMPTS = 3;
var START_LOG_BYTES = 1024 * 1024;
var REFUSED_SETTINGS = {
  skip_grant_tables: "it skips the privilege checks, which changes the CPU per query"
};
var optionName = (name) => name.replace(/-/g, "_");
function optionValue(value) {
  if (typeof value === "boolean") return value ? "ON" : "OFF";
  if (typeof value === "number") return String(value);
  if (/[\n\r]/.test(value)) throw new InputError(`"${value}" spans lines: a my.cnf value cannot`, void 0, "settings");
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}
function renderOptionFile(settings) {
  const lines = Object.entries(settings).map(([name, value]) => {
    if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(name)) throw new InputError(`"${name}" is not a MariaDB option name`, void 0, "settings");
    const refused = REFUSED_SETTINGS[optionName(name)];
    if (refused) throw new InputError(`"${name}" is not allowed: ${refused}`, void 0, "settings");
    return `${name}=${optionValue(value)}
`;
  });
  return `# db-bench-gate
[mariadbd]
${lines.join("")}`;
}
function startFailureCause(log) {
  const unknown = /unknown (?:variable|option) '(?:--)?([^'=]+)(?:=[^']*)?'/.exec(log);
  if (unknown?.[1]) return `unknown server option "${unknown[1]}"`;
  const invalid = /Error while setting value '([^']*)' to '([^']+)'/.exec(log);
  if (invalid?.[2]) return `invalid value "${invalid[1]}" for the server option "${invalid[2]}"`;
  if (/failed with error 28\b|No space left on device|Disk got full|Disk is full/.test(log)) return "no space left on the data directory's disk";
  return null;
}
var INNODB = { serverSettings: {}, settle: drainDirtyPages, quiesce: drainPurge };
function mariadbServerEngine(name, recipe, storage) {
  return {
    kind: "server",
    name,
    recipe,
    programs: ["mariadbd", "mariadb", "mariadb-admin"],
    // "mariadbd  Ver 10.11.18-MariaDB for Linux on x86_64 (Source distribution)"
    version: (binDir, user) => programVersion(binDir, "mariadbd", user, /Ver (\d+(?:\.\d+)+)/),
    // a clean shutdown (InnoDB's fast one): mariadbd has no faster one of its own
    emergencySignal: "SIGTERM",
    start: (options) => startMariadb(options, storage)
  };
}
var mariadbEngine = mariadbServerEngine("mariadb", "mariadb", INNODB);
function storageEngineSettings(storage, settings) {
  for (const [name, value] of Object.entries(storage.serverSettings)) {
    const given = Object.entries(settings).find(([other]) => optionName(other) === optionName(name));
    if (given && given[1] !== value) throw new InputError(`"${given[0]}" must be ${optionValue(value)} for this engine`, void 0, "settings");
  }
  return { ...storage.serverSettings, ...settings };
}
async function startMariadb(options, storage) {
  const { binDir, registry } = options;
  const timeoutMs = options.timeoutMs ?? 12e4;
  const prefix = path6.dirname(binDir);
  const mariadbd = path6.join(binDir, "mariadbd");
  if (!existsSync2(mariadbd)) throw new PipelineError(`no mariadbd program in ${binDir}`);
  const optionFileText = renderOptionFile(storageEngineSettings(storage, options.settings));
  const user = await serverUser(options);
  const root = await makeServerRoot(options, { prefix: "dbg-mariadb-", liveLogName: "error.log", description: "mariadb server", user, program: mariadbd, stop: (dataDir2) => stopServer(dataDir2) });
  const { dataRoot, dataDir, socketDir, userDir, liveLog, logTail: logTail2 } = root;
  const optionFile = path6.join(dataRoot, "my.cnf");
  const socket = path6.join(socketDir, "mariadb.sock");
  const fail = async (message, output) => {
    const cause = startFailureCause(`${output}
${await logTail2(LOG_LINES_IN_ERRORS)}`);
    const errors = output.split("\n").filter((line) => line.includes("[ERROR]")).join("\n");
    return root.fail(cause ? `${message}: ${cause}` : message, errors || lastLines(output, LOG_LINES_IN_ERRORS));
  };
  const run = (file, args, timeout = timeoutMs) => execa(file, args, { ...asUserIn(user, userDir), all: true, reject: false, timeout, cancelSignal: registry.signal });
  await writeFile3(optionFile, optionFileText, { mode: 420 });
  const installDb = await run(path6.join(prefix, "scripts", "mariadb-install-db"), [
    `--defaults-file=${optionFile}`,
    `--basedir=${prefix}`,
    `--datadir=${dataDir}`,
    "--auth-root-authentication-method=normal",
    "--skip-test-db",
    "--skip-name-resolve"
  ]);
  if (installDb.failed) await fail(`mariadb-install-db ${installDb.timedOut ? `timed out after ${Math.round(timeoutMs / 1e3)} s` : "failed"}`, installDb.all ?? "");
  const admin = (args, timeout) => run(path6.join(binDir, "mariadb-admin"), ["--no-defaults", "--protocol=socket", `--socket=${socket}`, `--user=${SUPERUSER}`, "--connect-timeout=2", ...args], timeout);
  const startServer = async (preferred, counted) => {
    for (let attempt = 1; ; attempt++) {
      const port = attempt === 1 && preferred !== null && await portIsFree(preferred) ? preferred : await freePort();
      const logOffset = await sizeAsUser(user, liveLog);
      const command = onCpus(
        {
          file: counted?.wrapper[0] ?? mariadbd,
          args: [
            ...counted ? [...counted.wrapper.slice(1), mariadbd] : [],
            `--defaults-file=${optionFile}`,
            `--basedir=${prefix}`,
            `--datadir=${dataDir}`,
            `--plugin-dir=${path6.join(prefix, "lib", "plugin")}`,
            `--lc-messages-dir=${path6.join(prefix, "share")}`,
            `--socket=${socket}`,
            `--port=${port}`,
            "--skip-networking",
            `--pid-file=${path6.join(socketDir, "mariadbd.pid")}`,
            `--log-error=${liveLog}`,
            ...counted?.options ?? []
          ]
        },
        options.cpus
      );
      const server = execa(command.file, command.args, { ...asUserIn(user, userDir), stdio: "ignore", reject: false, detached: true });
      let exited = false;
      void server.then(() => exited = true);
      root.pid = server.pid ?? 0;
      const ready = await waitUntilReady(admin, () => !exited, timeoutMs, registry.signal);
      if (ready === "ready") return { port };
      await stopServer(dataDir, 5e3);
      const log = (await readAsUser(user, liveLog, START_LOG_BYTES, logOffset) ?? "").toString("utf8");
      const portTaken = /Address already in use|Do you already have another .* running/.test(log);
      if (!portTaken || attempt === START_ATTEMPTS) return { failure: ready, port };
    }
  };
  const first2 = await startServer(null);
  if ("failure" in first2) await fail(`MariaDB did not start (port ${first2.port})`, first2.failure);
  const connection = {
    kind: "server",
    protocol: "mysql",
    socket,
    port: first2.port,
    user: SUPERUSER,
    database: options.database
  };
  const query = async (sql) => {
    const args = ["--no-defaults", "--protocol=socket", `--socket=${socket}`, `--user=${SUPERUSER}`, "--batch", "--skip-column-names", "-e", sql];
    const result = await run(path6.join(binDir, "mariadb"), args);
    if (result.failed) throw new PipelineError(`mariadb failed: ${result.shortMessage}`, `${result.all ?? ""}
--- server log ---
${await logTail2(LOG_LINES_IN_ERRORS)}`);
    return result.stdout;
  };
  await query(`CREATE DATABASE \`${options.database}\``).catch(async (e) => fail(`CREATE DATABASE ${options.database} failed`, e instanceof PipelineError ? e.logExcerpt : String(e)));
  const restart = async (counted) => {
    await stopServer(dataDir);
    const started = await startServer(connection.port, counted);
    if ("failure" in started) {
      throw new PipelineError(`MariaDB did not start again (port ${started.port})`, `${started.failure}
--- server log ---
${await logTail2(LOG_LINES_IN_ERRORS)}`);
    }
    connection.port = started.port;
  };
  const countable = {
    dataRoot,
    database: options.database,
    get pid() {
      return root.pid;
    },
    user,
    restart,
    isAlive: root.isAlive,
    query,
    quiesce: () => storage.quiesce(query, timeoutMs)
  };
  return {
    connection,
    binDir,
    get pid() {
      return root.pid;
    },
    dataRoot,
    stop: root.handle.run,
    restart: () => restart(),
    logTail: logTail2,
    isAlive: root.isAlive,
    startCounting: (counting) => startCountingMariadb(countable, counting),
    settle: async (tables) => {
      if (tables.length > 0) await query(`ANALYZE TABLE ${tables.map((t) => `\`${options.database}\`.\`${t}\``).join(", ")}`);
      await storage.settle(query, timeoutMs);
    },
    databaseBytes: () => databaseBytes(dataDir, options.database),
    // mariadbd works in its data dir
    processes: () => processesUnder(dataDir)
  };
}
var MYROCKS_DIR = "#rocksdb";
async function databaseBytes(dataDir, database) {
  const myrocks = path6.join(dataDir, MYROCKS_DIR);
  return await diskUsage(path6.join(dataDir, database)) + (existsSync2(myrocks) ? await diskUsage(myrocks) : 0);
}
async function drainDirtyPages(query, timeoutMs) {
  const [pct, lwm] = (await query("SELECT @@global.innodb_max_dirty_pages_pct, @@global.innodb_max_dirty_pages_pct_lwm")).trim().split("	");
  if (pct === void 0 || lwm === void 0) throw new PipelineError("could not read InnoDB's dirty page targets");
  await query("SET GLOBAL innodb_max_dirty_pages_pct_lwm = 0; SET GLOBAL innodb_max_dirty_pages_pct = 0");
  try {
    const deadline = performance.now() + timeoutMs;
    for (; ; ) {
      const dirty = Number((await query("SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'")).trim().split("	")[1]);
      if (dirty === 0) return;
      if (performance.now() > deadline) throw new PipelineError(`InnoDB still had ${dirty} dirty pages ${Math.round(timeoutMs / 1e3)} s after the load`);
      await sleep2(200);
    }
  } finally {
    await query(`SET GLOBAL innodb_max_dirty_pages_pct = ${pct}; SET GLOBAL innodb_max_dirty_pages_pct_lwm = ${lwm}`);
  }
}
async function drainPurge(query, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  for (; ; ) {
    const line = (await query("SHOW GLOBAL STATUS LIKE 'Innodb_history_list_length'")).trim();
    const history = /^Innodb_history_list_length\t(\d+)$/.exec(line)?.[1];
    if (history === void 0) throw new PipelineError("could not read InnoDB's history list length", line);
    if (history === "0") return;
    if (performance.now() > deadline) throw new PipelineError(`InnoDB's purge still had ${history} undo logs to do ${Math.round(timeoutMs / 1e3)} s after a counted run`);
    await sleep2(200);
  }
}
async function waitUntilReady(admin, isAlive, timeoutMs, signal) {
  const deadline = performance.now() + timeoutMs;
  let last = "";
  while (!signal.aborted) {
    const ping = await admin(["ping"], 1e4);
    if (!ping.failed) return "ready";
    last = String(ping.all ?? ping.shortMessage);
    if (!isAlive()) return `mariadbd exited before it was ready
${last}`;
    if (performance.now() > deadline) return `mariadbd was not ready after ${Math.round(timeoutMs / 1e3)} s (mariadb-admin ping: ${last.trim()})`;
    await sleep2(200);
  }
  return "cancelled";
}
async function stopServer(dataDir, graceMs = 6e4) {
  const running = () => processesUnder(dataDir);
  if (running().length === 0) return;
  for (const pid of running()) process.kill(pid, "SIGTERM");
  for (let waited = 0; running().length > 0; waited += 100) {
    if (waited >= graceMs) for (const pid of running()) process.kill(pid, "SIGKILL");
    await sleep2(100);
  }
}

// src/engine/myrocks.ts
var ROCKSDB = {
  serverSettings: { plugin_load_add: "ha_rocksdb" },
  settle: async (query) => {
    await query("SET GLOBAL rocksdb_force_flush_memtable_now = 1");
  },
  // flushes and compactions run in their own threads, which the counter does not count
  quiesce: async () => void 0
};
var myrocksEngine = mariadbServerEngine("myrocks", "mariadb-myrocks", ROCKSDB);

// src/engine/postgres.ts
import { existsSync as existsSync3 } from "node:fs";
import path8 from "node:path";
import { setTimeout as sleep4 } from "node:timers/promises";

// src/engine/postgres-counting.ts
import { mkdir as mkdir4, rm as rm2, writeFile as writeFile4 } from "node:fs/promises";
import path7 from "node:path";
import { setTimeout as sleep3 } from "node:timers/promises";

// src/shell-word.ts
function shellWord(text) {
  return /^[A-Za-z0-9._/=:@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}

// src/engine/postgres-counting.ts
var COUNTED_WORK = "serving backends, socket reads and writes excluded";
var TOGGLES = ["PostgresMain", "ParallelWorkerMain", "secure_read", "secure_write"];
var PREWARM_SQL = `
SET statement_timeout = 0;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SET enable_indexonlyscan = off;
SET enable_sort = off;
SET max_parallel_workers_per_gather = 0;
DO $$
DECLARE
  ix record;
  n bigint;
BEGIN
  FOR ix IN
    SELECT i.indrelid::regclass AS tbl, a.attname AS col
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indrelid
    JOIN pg_namespace ns ON ns.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
    WHERE ns.nspname NOT IN ('pg_catalog', 'information_schema') AND ns.nspname NOT LIKE 'pg_toast%'
  LOOP
    EXECUTE format('SELECT count(*) FROM (SELECT t FROM %s t ORDER BY %I) s', ix.tbl, ix.col) INTO n;
  END LOOP;
END $$;
`;
var copyName = (database) => `${database}_counted_copy`;
var identifier = (name) => `"${name.replace(/"/g, '""')}"`;
function freshCopyStatements(database, copy, serverVersionNum) {
  const strategy = serverVersionNum >= 15e4 ? " STRATEGY = FILE_COPY" : "";
  return [
    `DROP DATABASE IF EXISTS ${identifier(copy)}`,
    `CREATE DATABASE ${identifier(copy)} TEMPLATE ${identifier(database)}${strategy}`,
    `ALTER DATABASE ${identifier(copy)} SET synchronous_commit = on`
  ];
}
function parseServerVersionNum(stdout) {
  const version = /^\s*(\d{5,6})\s*$/.exec(stdout)?.[1];
  if (!version) throw new ParseError("SHOW server_version_num: expected a whole number such as 150018", stdout);
  return Number(version);
}
function databaseCopies(server) {
  const copy = copyName(server.connection.database);
  let version = null;
  return {
    async fresh() {
      version ??= parseServerVersionNum(await server.runSqlIn("postgres", "SHOW server_version_num"));
      await server.runSqlIn("postgres", ...freshCopyStatements(server.connection.database, copy, version));
      return { ...server.connection, database: copy };
    },
    async remove() {
      if (version !== null) await server.runSqlIn("postgres", `DROP DATABASE IF EXISTS ${identifier(copy)}`);
    }
  };
}
async function startCountingPostgres(server, options = {}) {
  const timeoutMs = options.timeoutMs ?? 12e4;
  await valgrindVersion();
  const outDir = path7.join(server.dataRoot, "callgrind");
  const wrapper2 = path7.join(server.dataRoot, "postgres-under-callgrind");
  const valgrind = [...valgrindOn(options.cpus), ...callgrindPerProcessArgs(outDir, path7.join(server.binDir, "postgres"), TOGGLES, options)].map(shellWord).join(" ");
  await mkdir4(outDir, { recursive: true });
  await giveTo(server.owner, outDir);
  await writeFile4(wrapper2, `#!/bin/sh
exec ${valgrind} "$@"
`, { mode: 493 });
  const log = logReader(server.liveLog, server.owner);
  await restartUnderValgrind("PostgreSQL", { underValgrind: () => server.restart(wrapper2), plain: () => server.restart(), prepare: async () => void await server.runSql(PREWARM_SQL) }, log);
  let stopped = false;
  const copies = databaseCopies(server);
  return {
    tool: "callgrind",
    counted: COUNTED_WORK,
    warmUp: true,
    freshCopy: () => copies.fresh(),
    async count(command, run) {
      if (stopped) throw new Error("the instruction counter was stopped");
      const background = new Set(processesUnder(server.dataDir));
      await removeCounts(outDir, await countedPids(outDir));
      const result = await runCounted("PostgreSQL", log, () => server.isAlive(), () => run(command));
      const deadline = performance.now() + timeoutMs;
      const serving = () => processesUnder(server.dataDir).filter((pid) => !background.has(pid));
      while (serving().length > 0 && performance.now() < deadline) await sleep3(50);
      const left = serving();
      if (left.length > 0) throw new PipelineError(`backends ${left.join(", ")} were still running ${Math.round(timeoutMs / 1e3)} s after the counted run`);
      const pids = (await countedPids(outDir)).filter((pid) => !background.has(pid));
      if (pids.length === 0) throw new PipelineError("no backend served the counted run (no callgrind count was written)");
      const counts = await readCounts(outDir, pids, Math.max(1e3, deadline - performance.now()), "callgrind", server.owner, options);
      await removeCounts(outDir, pids);
      return { result, ...counts };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.restart();
      await copies.remove();
      await removeUserTree(server.owner, outDir, { endProcesses: false });
      await rm2(wrapper2, { force: true });
    }
  };
}

// src/engine/postgres.ts
var SUPERUSER2 = "postgres";
var START_ATTEMPTS2 = 3;
function confValue(value) {
  if (typeof value === "boolean") return value ? "on" : "off";
  if (typeof value === "number") return String(value);
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}
function renderSettings(settings, socketDir) {
  const all = { ...settings, listen_addresses: "", unix_socket_directories: socketDir };
  return Object.entries(all).map(([name, value]) => {
    if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(name)) throw new InputError(`"${name}" is not a PostgreSQL setting name`, void 0, "settings");
    return `${name} = ${confValue(value)}
`;
  }).join("");
}
var postgresEngine = {
  kind: "server",
  name: "postgresql",
  recipe: "postgresql",
  programs: ["postgres", "pg_ctl", "initdb", "createdb", "psql"],
  // "postgres (PostgreSQL) 15.18"
  version: (binDir, user) => programVersion(binDir, "postgres", user, /(\d+(?:\.\d+)+\S*)/),
  // immediate shutdown: the postmaster takes its backends and shared memory down
  emergencySignal: "SIGQUIT",
  start: startPostgres
};
var socketFile = (dir, port) => path8.join(dir, `.s.PGSQL.${port}`);
async function startPostgres(options) {
  const { binDir, registry } = options;
  const timeoutMs = options.timeoutMs ?? 12e4;
  const timeoutS = Math.ceil(timeoutMs / 1e3);
  if (!existsSync3(path8.join(binDir, "postgres"))) throw new PipelineError(`no postgres program in ${binDir}`);
  const user = await serverUser(options);
  const runToStop = (file, args, cwd) => asServer(user, path8.join(binDir, file), args, cwd, timeoutMs);
  const root = await makeServerRoot(options, {
    prefix: "dbg-pg-",
    liveLogName: "server.log",
    description: "postgres server",
    user,
    program: path8.join(binDir, "postgres"),
    stop: (dataDir2, userDir2) => stopServer2(runToStop, dataDir2, userDir2)
  });
  const { dataRoot, dataDir, socketDir, userDir, liveLog, isAlive, logTail: logTail2, fail } = root;
  const run = (file, args) => asServer(user, path8.join(binDir, file), args, userDir, timeoutMs, registry.signal);
  const initdb = await run("initdb", ["-D", dataDir, "-U", SUPERUSER2, "--auth=trust", "--no-locale", "-E", "UTF8", "--no-sync"]);
  if (initdb.failed) await fail("initdb failed", initdb.all ?? "");
  await appendAsUser(user, path8.join(dataDir, "postgresql.conf"), `
# db-bench-gate
${renderSettings(options.settings, socketDir)}`);
  const readPid = async () => {
    const text = (await readAsUser(user, path8.join(dataDir, "postmaster.pid"), 4096) ?? "").toString("utf8");
    const pid = /^(\d+)\n/.exec(text)?.[1];
    if (!pid) throw new ParseError(`${path8.join(dataDir, "postmaster.pid")}: expected the postmaster's pid on its first line`, text);
    return Number(pid);
  };
  const pgCtlStart = async (preferred, program) => {
    for (let attempt = 1; ; attempt++) {
      const port = attempt === 1 && preferred !== null && await portIsFree(preferred) ? preferred : await freePort();
      const start = onCpus({ file: path8.join(binDir, "pg_ctl"), args: ["-D", dataDir, "-l", liveLog, ...program ? ["-p", program] : [], "-o", `-p ${port}`, "-w", "-t", String(timeoutS), "start"] }, options.cpus);
      const started = await asServer(user, start.file, start.args, userDir, timeoutMs + 1e4, registry.signal);
      if (!started.failed) {
        root.pid = await readPid();
        return { port };
      }
      const portTaken = /could not bind|Address already in use/.test(await logTail2(20));
      if (!portTaken || attempt === START_ATTEMPTS2) return { failure: started.all ?? "", port };
    }
  };
  const first2 = await pgCtlStart(null);
  if ("failure" in first2) await fail(`PostgreSQL did not start (port ${first2.port})`, first2.failure);
  const connection = {
    kind: "server",
    protocol: "postgresql",
    socket: socketFile(socketDir, first2.port),
    port: first2.port,
    user: SUPERUSER2,
    database: options.database
  };
  const created = await run("createdb", ["-h", socketDir, "-p", String(connection.port), "-U", SUPERUSER2, options.database]);
  if (created.failed) await fail(`createdb ${options.database} failed`, created.all ?? "");
  const restart = async (program) => {
    await stopServer2(runToStop, dataDir, userDir);
    const started = await pgCtlStart(connection.port, program);
    if ("failure" in started) {
      throw new PipelineError(`PostgreSQL did not start again${program ? ` as ${program}` : ""} (port ${started.port})`, `${started.failure}
--- server log ---
${await logTail2(LOG_LINES_IN_ERRORS)}`);
    }
    connection.port = started.port;
    connection.socket = socketFile(socketDir, started.port);
  };
  const runSqlIn = async (database, ...commands) => {
    const args = ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", socketDir, "-p", String(connection.port), "-U", SUPERUSER2, "-d", database, ...commands.flatMap((sql) => ["-c", sql])];
    const result = await run("psql", args);
    if (result.failed) throw new PipelineError(`psql failed: ${result.shortMessage}`, `${result.all ?? ""}
--- server log ---
${await logTail2(LOG_LINES_IN_ERRORS)}`);
    return result.stdout;
  };
  const runSql = (...commands) => runSqlIn(options.database, ...commands);
  const countable = { binDir, dataRoot, dataDir, connection, liveLog, owner: user, restart, isAlive, runSql, runSqlIn };
  return {
    connection,
    binDir,
    get pid() {
      return root.pid;
    },
    dataRoot,
    stop: root.handle.run,
    restart: () => restart(),
    logTail: logTail2,
    isAlive,
    // Statistics and the visibility map fresh (index-only scans depend on it, and autovacuum's timing
    // would otherwise differ between servers), and the load's dirty pages written now rather than by
    // a checkpoint in the first measured round.
    settle: async (tables) => {
      await runSql(...tables.length > 0 ? [`VACUUM ANALYZE ${tables.join(", ")}`] : [], "CHECKPOINT");
    },
    databaseBytes: async () => parseDatabaseBytes(await runSql("SELECT pg_database_size(current_database())")),
    processes: () => processesUnder(dataDir),
    startCounting: (counting) => startCountingPostgres(countable, counting)
  };
}
function parseDatabaseBytes(stdout) {
  const bytes = /^\s*(\d+)\s*$/.exec(stdout);
  if (!bytes?.[1]) throw new ParseError("pg_database_size: expected one whole number of bytes", stdout);
  return Number(bytes[1]);
}
async function stopServer2(run, dataDir, cwd) {
  const running = () => processesUnder(dataDir);
  for (const mode of ["fast", "immediate"]) {
    if (running().length === 0) return;
    await run("pg_ctl", ["-D", dataDir, "-m", mode, "-w", "-t", "30", "stop"], cwd);
  }
  for (let waited = 0; running().length > 0; waited += 100) {
    if (waited >= 5e3) for (const pid of running()) process.kill(pid, "SIGKILL");
    await sleep4(100);
  }
}
function asServer(user, file, args, cwd, timeoutMs, signal) {
  return execa(file, args, { ...asUserIn(user, cwd), all: true, reject: false, timeout: timeoutMs, cancelSignal: signal });
}

// src/engine/rocksdb.ts
import { appendFile, chmod as chmod2, chown as chown2, mkdir as mkdir6, mkdtemp as mkdtemp2, readdir as readdir3, readFile as readFile3 } from "node:fs/promises";
import path10 from "node:path";

// src/engine/rocksdb-counting.ts
import { mkdir as mkdir5, rm as rm3 } from "node:fs/promises";
import path9 from "node:path";
var VALGRIND_LOG_BYTES = 1024 * 1024;
var DB_BENCH_COUNTED_WORK = "the db_bench process, all threads (no flush or compaction in a counted run)";
async function startCountingDbBench(options) {
  await valgrindVersion();
  const outDir = path9.join(options.workDir, "counting");
  await mkdir5(outDir, { recursive: true });
  await giveTo(options.owner, outDir);
  const valgrindLog = path9.join(outDir, "valgrind.log");
  return {
    tool: "cachegrind",
    counted: DB_BENCH_COUNTED_WORK,
    // every counted run is a new process on its own copy of the database: nothing carries over
    warmUp: false,
    async count(command, run) {
      const counted = { file: "valgrind", args: [`--log-file=${valgrindLog}`, ...cachegrindArgs(outDir, command.file, options), ...command.args] };
      const result = await run(counted);
      const pids = await countedPids(outDir);
      try {
        const log = await tailAsUser(options.owner, valgrindLog, VALGRIND_LOG_BYTES) ?? "";
        const unsupported = unsupportedInstruction(log);
        if (unsupported) throw new BuildNotCountableError(`valgrind cannot run this build of db_bench: ${unsupported}`, tail(log));
        if (pids.length !== 1) throw new PipelineError(`a counted db_bench run left ${pids.length} cachegrind counts, expected 1 (its own process)`, log.slice(-4e3));
        return { result, ...await readCounts(outDir, pids, options.timeoutMs, "cachegrind", options.owner, options) };
      } finally {
        await removeCounts(outDir, pids);
        await rm3(valgrindLog, { force: true });
      }
    },
    stop: async () => void await removeUserTree(options.owner, outDir)
  };
}

// src/engine/rocksdb.ts
var LOAD_LOG_BYTES = 4 * 1024 * 1024;
var RUN_LOG_BYTES = 256 * 1024;
var rocksdbEngine = {
  kind: "embedded",
  name: "rocksdb",
  recipe: "rocksdb",
  programs: ["db_bench"],
  // "db_bench version 7.8.3"
  version: (binDir, user) => programVersion(binDir, "db_bench", user, /version (\d+(?:\.\d+)+\S*)/),
  // db_bench has no shutdown of its own to ask for: the data is a throw-away copy
  emergencySignal: "SIGKILL",
  prepare: prepareRocksdb
};
function copyAction(fileName) {
  if (fileName.endsWith(".sst") || fileName.endsWith(".blob")) return "link";
  if (fileName === "LOCK" || fileName === "LOG" || fileName.startsWith("LOG.old.")) return "skip";
  return "copy";
}
async function prepareRocksdb(options) {
  const { owner, registry, logFile } = options;
  await mkdir6(options.workDir, { recursive: true });
  const root = await mkdtemp2(path10.join(options.workDir, "dbg-rocksdb-"));
  const handle = await registry.register(`rocksdb data ${root}`, async () => void await removeUserTree(owner, root));
  const dataDir = path10.join(root, "data");
  await mkdir6(dataDir);
  await giveTo(owner, dataDir);
  if (owner) {
    await chown2(root, 0, owner.gid);
    await chmod2(root, 488);
  }
  let copies = 0;
  const keepLoadLog = async () => {
    const log = await tailAsUser(owner, path10.join(dataDir, "LOG"), LOAD_LOG_BYTES);
    if (log !== null) await appendFile(logFile, `--- RocksDB LOG of the load ---
${log}`);
  };
  let lastRunLog = null;
  const instance = {
    dataDir,
    async settle() {
      if (!await existsAsUser(owner, path10.join(dataDir, "CURRENT"))) throw new PipelineError(`the load left no RocksDB database in ${dataDir} (no CURRENT file)`);
      await keepLoadLog();
    },
    async runCopy() {
      const dir = path10.join(root, `run-${++copies}`);
      await mkdir6(dir);
      await giveTo(owner, dir);
      const names = await readdir3(dataDir);
      const from = (action) => names.filter((name) => copyAction(name) === action).map((name) => path10.join(dataDir, name));
      for (const [program, files] of [["ln", from("link")], ["cp", from("copy")]]) {
        if (files.length > 0) await runAsUser(owner, program, ["--", ...files, dir]);
      }
      return {
        dataDir: dir,
        remove: async () => {
          lastRunLog = await tailAsUser(owner, path10.join(dir, "LOG"), RUN_LOG_BYTES) ?? lastRunLog;
          await removeUserTree(owner, dir);
        }
      };
    },
    async logTail(lines) {
      return lastLines(lastRunLog ?? await readFile3(logFile, "utf8").catch(() => ""), lines);
    },
    stop: () => handle.run(),
    startCounting: (counting) => startCountingDbBench({ workDir: root, owner, timeoutMs: counting?.timeoutMs ?? 12e4, ...counting?.cacheSim && { cacheSim: counting.cacheSim } })
  };
  return instance;
}

// src/engine/index.ts
var ENGINES = {
  postgresql: postgresEngine,
  mariadb: mariadbEngine,
  myrocks: myrocksEngine,
  rocksdb: rocksdbEngine
};
var ENGINE_NAMES = Object.keys(ENGINES);
function engineByName(name) {
  return ENGINES[name];
}

// src/config/profile.ts
import { createHash as createHash2 } from "node:crypto";
import { existsSync as existsSync4 } from "node:fs";
import { readFile as readFile4 } from "node:fs/promises";
import path14 from "node:path";
import { fileURLToPath } from "node:url";

// src/driver/db-bench.ts
import { createHash } from "node:crypto";

// src/driver/output-text.ts
function normalizeLines(raw) {
  return raw.replace(/\r\n?/g, "\n");
}
function findNumber(text, pattern, what, raw) {
  const flags = pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`;
  const matches = [...text.matchAll(new RegExp(pattern.source, flags))];
  if (matches.length === 0) return null;
  if (matches.length > 1) throw new ParseError(`${what} appears ${matches.length} times: more than one run in one output?`, raw);
  const value = Number(matches[0]?.[1]);
  if (!Number.isFinite(value)) throw new ParseError(`${what} is not a number: "${matches[0]?.[0]}"`, raw);
  return value;
}
function requireNumber(text, pattern, what, raw) {
  const value = findNumber(text, pattern, what, raw);
  if (value === null) throw new ParseError(`no ${what} line in the output`, raw);
  return value;
}
function requirePositive(value, what, raw) {
  if (value <= 0) throw new ParseError(`${what} is ${value}: the run completed no operations`, raw);
  return value;
}

// src/driver/db-bench-output.ts
var DB_BENCH_TICKERS = {
  bytes_written: "rocksdb.bytes.written",
  flush_write_bytes: "rocksdb.flush.write.bytes",
  compact_read_bytes: "rocksdb.compact.read.bytes",
  compact_write_bytes: "rocksdb.compact.write.bytes"
};
var NUMBER = String.raw`(\d+(?:\.\d+)?)`;
function parseDbBenchOutput(raw, benchmark) {
  if (!/^[a-z0-9_]+$/.test(benchmark)) throw new RangeError(`not a db_bench benchmark name: "${benchmark}"`);
  const text = normalizeLines(raw);
  const results = [...text.matchAll(new RegExp(String.raw`^${benchmark}\s*:\s+${NUMBER} micros/op (\d+) ops/sec ${NUMBER} seconds (\d+) operations;(.*)$`, "gm"))];
  if (results.length === 0) {
    const complaint = /^(?:.*\berror\b.*|Invalid argument.*|.*: unknown command-line flag.*|Please install gflags.*)$/im.exec(text);
    throw new ParseError(`no db_bench ${benchmark} result line in the output${complaint ? `; it says "${complaint[0].trim()}"` : ""}`, raw);
  }
  if (results.length > 1) throw new ParseError(`db_bench ${benchmark} result line appears ${results.length} times: more than one run in one output?`, raw);
  const result = results[0];
  const [, microsPerOp, opsPerS, seconds, operations, extra = ""] = result;
  const mbPerS = /^\s+(\d+(?:\.\d+)?) MB\/s/.exec(extra);
  const found = /\((\d+) of (\d+) found/.exec(extra);
  const after = result.index + result[0].length;
  const next = new RegExp(String.raw`^\w+\s*:\s+${NUMBER} micros/op `, "gm");
  next.lastIndex = after;
  const section = text.slice(result.index, next.exec(text)?.index ?? text.length);
  return {
    benchmark,
    micros_per_op: Number(microsPerOp),
    ops_per_s: requirePositive(Number(opsPerS), `db_bench ${benchmark} ops/sec`, raw),
    seconds: Number(seconds),
    operations: requirePositive(Number(operations), `db_bench ${benchmark} operations`, raw),
    mb_per_s: mbPerS ? Number(mbPerS[1]) : null,
    found: found ? { found: Number(found[1]), of: Number(found[2]) } : null,
    percentiles: parsePercentiles(ownHistogram(section), raw),
    statistics: lastStatisticsBlock(section),
    counters: parseCounters(section, raw),
    assertions_enabled: /^WARNING: Assertions are enabled/m.test(text),
    version: /^RocksDB:\s+version (\S+)$/m.exec(text)?.[1] ?? null
  };
}
function ownHistogram(section) {
  const block = /^(?:\*\* .* \*\*|STATISTICS:)$/m.exec(section);
  return block ? section.slice(0, block.index) : section;
}
function parsePercentiles(text, raw) {
  const line = findLine(text, /^Percentiles: .*$/gm, "Percentiles", raw);
  if (line === null) return null;
  const value = (label) => {
    const match = new RegExp(String.raw`\b${label.replace(".", String.raw`\.`)}: ${NUMBER}(?: |$)`).exec(line);
    if (!match) throw new ParseError(`db_bench Percentiles line has no ${label}: "${line}"`, raw);
    return Number(match[1]);
  };
  const average = findNumber(text, new RegExp(String.raw`^Count: \d+ Average: ${NUMBER}\s+StdDev: [\d.]+$`, "m"), "db_bench histogram average", raw);
  const max2 = findNumber(text, new RegExp(String.raw`^Min: \d+\s+Median: [\d.]+\s+Max: ${NUMBER}$`, "m"), "db_bench histogram max", raw);
  if (average === null || max2 === null) throw new ParseError("db_bench histogram has Percentiles but no Count/Average or Min/Median/Max line", raw);
  return { p50: value("P50"), p99: value("P99"), p99_9: value("P99.9"), average, max: max2 };
}
function parseCounters(text, raw) {
  const heading2 = findLine(text, /^STATISTICS:$/gm, "STATISTICS", raw);
  if (heading2 === null) return null;
  const start = text.indexOf(`${heading2}
`) + heading2.length + 1;
  const end = text.indexOf("\n\n", start);
  const dump = text.slice(start, end === -1 ? text.length : end);
  const count = (ticker) => {
    const lines = dump.split("\n").filter((line) => line.startsWith(`${ticker} `));
    if (lines.length === 0) throw new ParseError(`db_bench's STATISTICS dump has no ${ticker} counter`, raw);
    if (lines.length > 1) throw new ParseError(`db_bench's STATISTICS dump has ${ticker} ${lines.length} times`, raw);
    const match = /^\S+ COUNT : (\d+)$/.exec(lines[0]);
    const value = Number(match?.[1]);
    if (!match || !Number.isSafeInteger(value)) throw new ParseError(`db_bench's STATISTICS counter not understood: "${lines[0]}"`, raw);
    return value;
  };
  return {
    bytes_written: count(DB_BENCH_TICKERS.bytes_written),
    flush_write_bytes: count(DB_BENCH_TICKERS.flush_write_bytes),
    compact_read_bytes: count(DB_BENCH_TICKERS.compact_read_bytes),
    compact_write_bytes: count(DB_BENCH_TICKERS.compact_write_bytes)
  };
}
function lastStatisticsBlock(text) {
  const last = [...text.matchAll(/^Level\s+Files\s+Size\s+Score .*$/gm)].at(-1);
  if (last !== void 0) return text.slice(last.index);
  return /^(?:Stalls\(count\)|Cumulative stall):/m.test(text) ? text : null;
}
function parseDbBenchStatistics(block, raw) {
  if (!/^Level\s+Files\s+Size\s+Score /.test(block)) throw new ParseError("db_bench statistics without their compaction table", raw);
  return { stalls: parseStalls(block, raw) };
}
function blockLine(block, pattern, what, raw) {
  const match = pattern.exec(block);
  if (!match) throw new ParseError(`db_bench's last statistics block has no readable ${what} line`, raw);
  return match;
}
function parseStalls(block, raw) {
  const percent2 = blockLine(block, /^Cumulative stall: \d+:\d+:[\d.]+ H:M:S, (\d+(?:\.\d+)?) percent$/m, '"Cumulative stall"', raw);
  const counts = blockLine(block, /^Stalls\(count\): (.*)$/m, '"Stalls(count)"', raw)[1] ?? "";
  const parts = counts.split(", ");
  const total = parts.pop();
  if (parts.length === 0 || !/^interval \d+ total count$/.test(total ?? "")) throw new ParseError(`db_bench Stalls(count) line not understood: "${counts}"`, raw);
  let count = 0;
  for (const part of parts) {
    const match = /^(\d+) [a-z0-9_ ]+$/.exec(part);
    if (!match) throw new ParseError(`db_bench Stalls(count) entry not understood: "${part}"`, raw);
    count += Number(match[1]);
  }
  return { percent: Number(percent2[1]), count };
}
function findLine(text, pattern, what, raw) {
  const lines = [...text.matchAll(pattern)];
  if (lines.length > 1) throw new ParseError(`db_bench ${what} line appears ${lines.length} times: more than one run in one output?`, raw);
  return lines[0]?.[0] ?? null;
}
function dbBenchLsmMetrics(output, counters) {
  const perOp2 = (bytes) => bytes / output.operations;
  return {
    compaction_read_bytes_per_op: perOp2(counters.compact_read_bytes),
    compaction_write_bytes_per_op: perOp2(counters.compact_write_bytes),
    flush_write_bytes_per_op: perOp2(counters.flush_write_bytes),
    write_amplification: counters.bytes_written > 0 ? (counters.flush_write_bytes + counters.compact_write_bytes) / counters.bytes_written : null
  };
}

// src/driver/types.ts
import path11 from "node:path";
function wholeSeconds(seconds) {
  if (!Number.isInteger(seconds) || seconds <= 0) throw new RangeError(`a run lasts a whole positive number of seconds, got ${seconds}`);
  return String(seconds);
}
function wholeCount(count) {
  if (!Number.isInteger(count) || count <= 0) throw new RangeError(`a fixed-count run does a whole positive number of operations, got ${count}`);
  return String(count);
}
function serverConnection(target) {
  if (target.kind !== "server") throw new InputError(`this driver needs a server to connect to, not an ${target.kind} engine`);
  return target;
}
function libpqConnectionArgs(conn) {
  return ["-h", path11.dirname(conn.socket), "-p", String(conn.port), "-U", conn.user];
}

// src/driver/db-bench.ts
var DB_BENCH_STEPS = {
  fillseq: { benchmark: "fillseq", writes: true, seek: null },
  readrandom: { benchmark: "readrandom", writes: false, seek: null },
  fwdrange: { benchmark: "seekrandom", writes: false, seek: "forward" },
  revrange: { benchmark: "seekrandom", writes: false, seek: "reverse" },
  readwhilewriting: { benchmark: "readwhilewriting", writes: true, seek: null },
  fwdrangewhilewriting: { benchmark: "seekrandomwhilewriting", writes: true, seek: "forward" },
  revrangewhilewriting: { benchmark: "seekrandomwhilewriting", writes: true, seek: "reverse" },
  overwrite: { benchmark: "overwrite", writes: true, seek: null }
};
var STEP_NAMES = Object.keys(DB_BENCH_STEPS);
var DRIVER_FLAGS = /* @__PURE__ */ new Set([
  "db",
  "num",
  "key_size",
  "value_size",
  "seed",
  "threads",
  "benchmarks",
  "use_existing_db",
  "duration",
  "reads",
  "writes",
  "histogram",
  "disable_wal",
  "seek_nexts",
  "reverse_iterator",
  "benchmark_write_rate_limit",
  "wal_dir",
  "report_file",
  "statistics",
  "stats_level"
]);
var optionName2 = external_exports.string().regex(/^[a-z][a-z0-9_]*$/, "a db_bench flag name without the leading --").refine((name) => !DRIVER_FLAGS.has(name), { message: "set by the db_bench driver itself (a step parameter or fixed)" });
var optionValue2 = external_exports.union([external_exports.string().regex(/^[^\s]*$/, "no whitespace"), external_exports.number(), external_exports.boolean()]);
var DbBenchParametersSchema = external_exports.object({
  step: external_exports.enum(STEP_NAMES),
  threads: external_exports.number().int().positive().default(1),
  /** keys loaded by fillseq, and the key range every step reads and writes */
  keys: external_exports.number().int().positive().default(1e6),
  key_size: external_exports.number().int().positive().default(20),
  value_size: external_exports.number().int().positive().default(400),
  /** Next()s (Prev()s) per Seek of the range steps, the field's NUM_NEXTS_PER_SEEK */
  seek_nexts: external_exports.number().int().positive().default(10),
  /** bytes per second of the background writer of the *whilewriting steps (the field: 2 MB/s) */
  write_rate_limit: external_exports.number().int().positive().default(2 * 1024 * 1024),
  seed: external_exports.number().int().positive().default(17e8),
  /** further db_bench flags, the same for the load and every run (e.g. cache_size, write_buffer_size) */
  options: external_exports.record(optionName2, optionValue2).default({})
}).strict().refine((p) => p.step !== "fillseq" || p.threads === 1, { message: "fillseq loads with 1 thread", path: ["threads"] });
var DB_BENCH_DEFAULT_OPTIONS = {
  compression_type: "none",
  cache_size: 1024 * 1024 * 1024,
  write_buffer_size: 16 * 1024 * 1024,
  target_file_size_base: 16 * 1024 * 1024,
  max_bytes_for_level_base: 64 * 1024 * 1024,
  max_background_jobs: 2,
  bloom_bits: 10
};
function dbBenchStepId(p) {
  return `${p.step}.t${p.threads}`;
}
var flag = (name, value) => `--${name}=${typeof value === "boolean" ? value ? 1 : 0 : value}`;
function commonArgs(p, dbDir) {
  const options = { ...DB_BENCH_DEFAULT_OPTIONS, ...p.options };
  return [
    flag("db", dbDir),
    flag("num", p.keys),
    flag("key_size", p.key_size),
    flag("value_size", p.value_size),
    flag("seed", p.seed),
    ...Object.entries(options).map(([name, value]) => flag(name, value))
  ];
}
function dbBenchLoadArgs(p, dbDir) {
  return [...commonArgs(p, dbDir), flag("threads", 1), flag("disable_wal", true), flag("histogram", true), "--benchmarks=fillseq,flush,waitforcompaction,compact,waitforcompaction,stats"];
}
var COUNTER_ARGS = [flag("statistics", true), flag("stats_level", 1)];
function fillseqRunArgs(p, dbDir, length) {
  return [
    ...commonArgs(p, dbDir),
    flag("use_existing_db", false),
    flag("threads", 1),
    flag("disable_wal", true),
    flag("histogram", true),
    ..."opsPerThread" in length ? [flag("writes", wholeCount(length.opsPerThread))] : [],
    ...COUNTER_ARGS,
    "--benchmarks=fillseq,stats"
  ];
}
function dbBenchRunArgs(p, dbDir, length) {
  if (p.step === "fillseq") return fillseqRunArgs(p, dbDir, length);
  const step = DB_BENCH_STEPS[p.step];
  const lengthArgs = "seconds" in length ? [flag("duration", wholeSeconds(length.seconds))] : [flag("duration", 0), flag(step.benchmark === "overwrite" ? "writes" : "reads", wholeCount(length.opsPerThread))];
  return [
    ...commonArgs(p, dbDir),
    flag("use_existing_db", true),
    flag("threads", p.threads),
    flag("histogram", true),
    ...step.writes ? COUNTER_ARGS : [],
    ...lengthArgs,
    ...step.seek ? [flag("seek_nexts", p.seek_nexts), flag("reverse_iterator", step.seek === "reverse")] : [],
    ...step.benchmark.endsWith("whilewriting") ? [flag("benchmark_write_rate_limit", p.write_rate_limit)] : [],
    `--benchmarks=${"seconds" in length ? "readtocache," : ""}${step.benchmark}${step.writes ? ",stats" : ""}`
  ];
}
function embeddedDataDir(target) {
  if (target.kind !== "embedded") throw new InputError("the db_bench driver opens an embedded engine's data directory, not a server");
  return target.dataDir;
}
function dataSetKey(p) {
  const options = Object.entries({ ...DB_BENCH_DEFAULT_OPTIONS, ...p.options }).sort(([a], [b]) => a.localeCompare(b)).map(([name, value]) => `${name}=${String(value)}`).join(",");
  return `db_bench.fillseq.keys${p.keys}.k${p.key_size}.v${p.value_size}.seed${p.seed}.${createHash("sha256").update(options).digest("hex").slice(0, 12)}`;
}
function dbBenchSample(output, raw, options) {
  const ms = (micros2) => micros2 / 1e3;
  const { percentiles, counters } = output;
  if (options.counters && counters === null) throw new ParseError(`db_bench ${output.benchmark} printed no STATISTICS dump (--statistics): its write counters are missing`, raw);
  return {
    ops: output.operations,
    ops_per_s: output.ops_per_s,
    duration_s: output.seconds,
    latency_ms: {
      avg: ms(output.micros_per_op),
      p95: null,
      p99: percentiles ? ms(percentiles.p99) : null,
      p50: percentiles ? ms(percentiles.p50) : null,
      p99_9: percentiles ? ms(percentiles.p99_9) : null,
      max: percentiles ? ms(percentiles.max) : null
    },
    errors: null,
    ...output.statistics !== null && { stall_percent: parseDbBenchStatistics(output.statistics, raw).stalls.percent },
    ...options.counters && counters !== null && { lsm_metrics: dbBenchLsmMetrics(output, counters) },
    raw
  };
}
function uncountedReason(p) {
  if (DB_BENCH_STEPS[p.step].benchmark.endsWith("whilewriting")) {
    return "its writer is paced by wall time: under valgrind it would add writes per read that depend on the machine's speed";
  }
  if (p.step === "overwrite") return "its count moves 1-2.5% between identical runs (memtable inserts), more than the instruction thresholds can tell from a change";
  if (p.step === "fillseq") return "its work is memtable inserts, as overwrite's whose count moves 1-2.5% between identical runs, and flushes and compactions in the background";
  return null;
}
function dbBenchStep(parameters) {
  const p = DbBenchParametersSchema.parse(parameters);
  const step = DB_BENCH_STEPS[p.step];
  const uncounted = uncountedReason(p);
  return {
    id: dbBenchStepId(p),
    driver: "db_bench",
    parameters: {
      step: p.step,
      benchmark: step.benchmark,
      threads: p.threads,
      keys: p.keys,
      key_size: p.key_size,
      value_size: p.value_size,
      ...step.seek && { seek_nexts: p.seek_nexts },
      ...step.benchmark.endsWith("whilewriting") && { write_rate_limit: p.write_rate_limit },
      seed: p.seed
    },
    programs: { db_bench: "build" },
    dataSet: (target, bins) => ({ key: dataSetKey(p), commands: [{ file: bins.db_bench, args: dbBenchLoadArgs(p, embeddedDataDir(target)) }], tables: [] }),
    run: (target, bins, seconds) => ({ file: bins.db_bench, args: dbBenchRunArgs(p, embeddedDataDir(target), { seconds }) }),
    warmup: (target, bins, seconds) => ({ file: bins.db_bench, args: dbBenchRunArgs(p, embeddedDataDir(target), { seconds }) }),
    fixedRun: (target, bins, perClient) => ({ file: bins.db_bench, args: dbBenchRunArgs(p, embeddedDataDir(target), { opsPerThread: perClient }) }),
    ...uncounted !== null && { uncounted },
    isProgressLine: (line) => /^\w+\s*:\s+[\d.]+ micros\/op /.test(line),
    parse: (stdout) => dbBenchSample(parseDbBenchOutput(stdout, step.benchmark), stdout, { counters: step.writes })
  };
}

// src/driver/sysbench.ts
import path12 from "node:path";
var MICRO = "lua/sbtest-micro.lua";
var readOnlyWith = (only) => (range) => [
  `--range_size=${range}`,
  ...["simple", "sum", "order", "distinct"].map((kind) => `--${kind}_ranges=${kind === only ? 1 : 0}`)
];
var withRange = (script) => ({ script, options: (range) => [`--range_size=${range}`] });
var writingWithRange = (script) => ({ ...withRange(script), writes: true });
var micro = (query) => ({ script: MICRO, options: (range) => [`--range_size=${range}`, `--query=${query}`] });
var SYSBENCH_MICROBENCHMARKS = {
  "point-query": withRange("oltp_point_select"),
  "points-covered-pk": micro("points-covered-pk"),
  "points-covered-si": micro("points-covered-si"),
  "points-notcovered-pk": micro("points-notcovered-pk"),
  "points-notcovered-si": micro("points-notcovered-si"),
  "random-points": { script: "select_random_points", options: (range) => [`--random_points=${range}`], singleTable: true },
  "hot-points": micro("hot-points"),
  "range-covered-pk": micro("range-covered-pk"),
  "range-covered-si": { script: "select_random_ranges", options: (range) => ["--number_of_ranges=1", `--delta=${range}`], singleTable: true },
  "range-notcovered-pk": {
    script: "oltp_read_only",
    options: (range) => [...readOnlyWith("simple")(range), "--point_selects=0", "--skip_trx=on"]
  },
  "range-notcovered-si": micro("range-notcovered-si"),
  scan: micro("scan"),
  "read-only": withRange("oltp_read_only"),
  "read-only-count": micro("read-only-count"),
  "read-only-simple": { script: "oltp_read_only", options: readOnlyWith("simple") },
  "read-only-sum": { script: "oltp_read_only", options: readOnlyWith("sum") },
  "read-only-order": { script: "oltp_read_only", options: readOnlyWith("order") },
  "read-only-distinct": { script: "oltp_read_only", options: readOnlyWith("distinct") },
  "read-write": writingWithRange("oltp_read_write"),
  "write-only": writingWithRange("oltp_write_only"),
  "update-index": writingWithRange("oltp_update_index"),
  "update-inlist": { ...micro("update-inlist"), writes: true },
  "update-nonindex": writingWithRange("oltp_update_non_index"),
  "update-one": { ...micro("update-one"), writes: true },
  "update-zipf": { ...micro("update-zipf"), writes: true },
  insert: writingWithRange("oltp_insert"),
  delete: writingWithRange("oltp_delete")
};
var MICROBENCHMARK_NAMES = Object.keys(SYSBENCH_MICROBENCHMARKS);
var StorageEngineSchema = external_exports.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/, "a storage engine's name").optional();
function storageEngineArgs(protocol, storageEngine) {
  if (storageEngine === void 0) return [];
  if (protocol !== "mysql") throw new InputError(`storage_engine "${storageEngine}" needs a MySQL-protocol engine; this one speaks ${protocol}`, void 0, "storage_engine");
  return [`--mysql-storage-engine=${storageEngine}`];
}
var SysbenchParametersSchema = external_exports.object({
  benchmark: external_exports.enum(MICROBENCHMARK_NAMES),
  range: external_exports.number().int().positive().default(100),
  threads: external_exports.number().int().positive().default(1),
  tables: external_exports.number().int().positive().default(1),
  table_size: external_exports.number().int().positive().default(1e5),
  /** true: PRIMARY KEY on id (the field's pk1); false: a secondary index instead (pk0) */
  pk: external_exports.boolean().default(true),
  percentile: external_exports.union([external_exports.literal(95), external_exports.literal(99)]).default(95),
  report_interval_s: external_exports.number().int().positive().default(1),
  storage_engine: StorageEngineSchema
}).strict().refine((p) => p.tables === 1 || !("singleTable" in SYSBENCH_MICROBENCHMARKS[p.benchmark]), {
  message: "this benchmark's stock script reads sbtest1 only: tables must be 1",
  path: ["tables"]
});
function sysbenchStepId(p) {
  return `${p.benchmark}.range${p.range}.pk${p.pk ? 1 : 0}${p.threads > 1 ? `.t${p.threads}` : ""}`;
}
function sysbenchConnectionArgs(conn) {
  switch (conn.protocol) {
    case "postgresql":
      return ["--db-driver=pgsql", `--pgsql-host=${path12.dirname(conn.socket)}`, `--pgsql-port=${conn.port}`, `--pgsql-user=${conn.user}`, `--pgsql-db=${conn.database}`];
    case "mysql":
      return ["--db-driver=mysql", `--mysql-socket=${conn.socket}`, `--mysql-user=${conn.user}`, `--mysql-db=${conn.database}`];
  }
}
var COUNTED_RUN_SEED = 1;
var LOADER = "lua/sbtest-load.lua";
var LOAD_SEED = 1;
function sysbenchStep(parameters) {
  const p = SysbenchParametersSchema.parse(parameters);
  const microbenchmark = SYSBENCH_MICROBENCHMARKS[p.benchmark];
  const connection = (target) => sysbenchConnectionArgs(serverConnection(target));
  const script = (bins) => microbenchmark.script === MICRO ? bins[MICRO] : microbenchmark.script;
  const table = [`--tables=${p.tables}`, `--table_size=${p.table_size}`, ...p.pk ? [] : ["--secondary=on"]];
  const runArgs = (target, length) => [
    ...connection(target),
    ...table,
    `--threads=${p.threads}`,
    `--time=${length.time}`,
    `--events=${length.events}`,
    "--rand-type=uniform",
    `--percentile=${p.percentile}`,
    ...microbenchmark.options(p.range)
  ];
  return {
    id: sysbenchStepId(p),
    driver: "sysbench",
    parameters: {
      benchmark: p.benchmark,
      script: microbenchmark.script,
      range: p.range,
      threads: p.threads,
      tables: p.tables,
      table_size: p.table_size,
      pk: p.pk,
      percentile: p.percentile,
      ...p.storage_engine !== void 0 && { storage_engine: p.storage_engine }
    },
    // sbtest-micro.lua shipped with every step, the stock scripts' too: one small file per run dir
    programs: { sysbench: "system", [LOADER]: "shipped", [MICRO]: "shipped" },
    dataSet: (target, bins) => {
      const { protocol } = serverConnection(target);
      const storageEngine = storageEngineArgs(protocol, p.storage_engine);
      const load = (command) => ({
        file: bins.sysbench,
        args: [bins[LOADER], ...connection(target), ...storageEngine, ...table, `--rand-seed=${LOAD_SEED}`, command]
      });
      return {
        // the protocol and storage engine too: tables loaded into one engine are not another's
        key: `sysbench.${protocol}${p.storage_engine === void 0 ? "" : `.${p.storage_engine}`}.tables${p.tables}.rows${p.table_size}.pk${p.pk ? 1 : 0}.seed${LOAD_SEED}`,
        commands: [load("cleanup"), load("prepare")],
        tables: Array.from({ length: p.tables }, (_, i) => `sbtest${i + 1}`)
      };
    },
    run: (target, bins, seconds) => ({
      file: bins.sysbench,
      args: [...runArgs(target, { time: wholeSeconds(seconds), events: "0" }), `--report-interval=${p.report_interval_s}`, script(bins), "run"]
    }),
    warmup: (target, bins, seconds) => ({ file: bins.sysbench, args: [...runArgs(target, { time: wholeSeconds(seconds), events: "0" }), script(bins), "run"] }),
    ...microbenchmark.writes && { writes: true },
    // --events counts every thread's events together. One seed for every counted run on the same data,
    // so runs of N and 2N share their first N events and their difference is the same events in every
    // repeat and in both variants (the rows an IN-list of random k values matches vary by a few % from
    // draw to draw): every run of a step that reads, and every run of a step that writes that starts
    // from a fresh copy of the data (run 0). A step that writes on data an earlier run changed: a seed
    // per run (the same on both variants), since a run that repeated an earlier one's writes would set
    // rows to the values they hold, MariaDB's path for an unchanged row (no write at all): with one
    // seed update-nonindex counted its first repeat's real updates and its later repeats' no-ops.
    fixedRun: (target, bins, perClient, run) => ({
      file: bins.sysbench,
      args: [
        ...runArgs(target, { time: "0", events: wholeCount(perClient * p.threads) }),
        `--rand-seed=${COUNTED_RUN_SEED + (microbenchmark.writes ? run : 0)}`,
        script(bins),
        "run"
      ]
    }),
    isProgressLine: (line) => /^\[ \d+s \] /.test(line),
    parse: parseSysbenchOutput
  };
}
function parseSysbenchOutput(raw) {
  const text = normalizeLines(raw);
  const fatal = /^FATAL: .*$/m.exec(text);
  if (fatal) throw new ParseError(`sysbench: ${fatal[0]}`, raw);
  const queries = requireNumber(text, /^\s+queries:\s+(\d+)\s+\([\d.]+ per sec\.\)$/m, "sysbench queries", raw);
  const qps = requireNumber(text, /^\s+queries:\s+\d+\s+\(([\d.]+) per sec\.\)$/m, "sysbench queries per second", raw);
  const duration2 = findNumber(text, /^\s+total time:\s+([\d.]+)s$/m, "sysbench total time", raw) ?? findNumber(text, /^\s+time elapsed:\s+([\d.]+)s$/m, "sysbench time elapsed", raw);
  if (duration2 === null) throw new ParseError("no sysbench total time (1.0) or time elapsed (1.1) line in the output", raw);
  return {
    ops: requirePositive(queries, "sysbench queries", raw),
    ops_per_s: requirePositive(qps, "sysbench queries per second", raw),
    duration_s: duration2,
    latency_ms: {
      avg: requireNumber(text, /^\s+avg:\s+([\d.]+)$/m, "sysbench latency avg", raw),
      p95: findNumber(text, /^\s+95th percentile:\s+([\d.]+)$/m, "sysbench 95th percentile", raw),
      p99: findNumber(text, /^\s+99th percentile:\s+([\d.]+)$/m, "sysbench 99th percentile", raw)
    },
    errors: requireNumber(text, /^\s+ignored errors:\s+(\d+)\s+\([\d.]+ per sec\.\)$/m, "sysbench ignored errors", raw),
    raw
  };
}

// src/driver/ibench.ts
var WRITER_KEPT_SHARE = 0.95;
var LOAD_STEPS = ["l.i0", "l.x", "l.i1", "l.i2"];
var QUERY_STEPS = ["qr", "qp"];
var ROWS_PER_COMMIT = { "l.i0": 100, "l.i1": 50, "l.i2": 5 };
var insertsRows = (step) => step in ROWS_PER_COMMIT;
var isQueryStep = (step) => step === "qr" || step === "qp";
var IbenchParametersSchema = external_exports.object({
  step: external_exports.enum([...LOAD_STEPS, ...QUERY_STEPS]),
  /** rows of table ibench, loaded once per server */
  table_rows: external_exports.number().int().positive().default(5e5),
  /** l.i0, l.i1, l.i2: rows one round inserts */
  rows: external_exports.number().int().positive().optional(),
  /** l.i0, l.i1, l.i2: default the field's 100, 50, 5 */
  rows_per_commit: external_exports.number().int().positive().optional(),
  /** qr, qp: the background writer's rows per second */
  writer_rate: external_exports.number().int().positive().optional(),
  writer_rows_per_commit: external_exports.number().int().positive().default(10),
  seed: external_exports.number().int().nonnegative().default(1),
  /** MariaDB: the tables' storage engine, e.g. innodb (sysbench's default), rocksdb */
  storage_engine: StorageEngineSchema
}).strict().superRefine((p, ctx) => {
  const isQuery = isQueryStep(p.step);
  if (isQuery && p.writer_rate === void 0) ctx.addIssue({ code: "custom", path: ["writer_rate"], message: `${p.step} needs the background writer's rows per second` });
  if (!isQuery && p.writer_rate !== void 0) ctx.addIssue({ code: "custom", path: ["writer_rate"], message: `${p.step} has no background writer` });
  const inserts = insertsRows(p.step);
  if (inserts && p.rows === void 0) ctx.addIssue({ code: "custom", path: ["rows"], message: `${p.step} needs the rows one round inserts` });
  if (!inserts && (p.rows !== void 0 || p.rows_per_commit !== void 0)) ctx.addIssue({ code: "custom", path: ["rows"], message: `${p.step} inserts no rows of its own` });
  if (insertsRows(p.step) && p.rows !== void 0 && p.rows % (p.rows_per_commit ?? ROWS_PER_COMMIT[p.step]) !== 0) {
    ctx.addIssue({ code: "custom", path: ["rows"], message: "rows must be a multiple of rows_per_commit" });
  }
});
function ibenchStepId(p) {
  return isQueryStep(p.step) ? `${p.step}${p.writer_rate}` : p.step;
}
function dialectArgs(conn, storageEngine) {
  const dialect = { postgresql: "pgsql", mysql: "mysql" }[conn.protocol];
  return [`--dialect=${dialect}`, ...storageEngineArgs(conn.protocol, storageEngine)];
}
var COUNTED_QUERIES = "one query client, the background writer off, on the table loaded again for counting";
var COUNTED_LOAD = "its own table, created at the start and dropped at the end of each run";
function uncountedReason2(step) {
  if (step === "l.x") return "it builds the indexes once per round: it has no fixed-count run of N and 2N operations";
  return null;
}
var SCRIPT = "lua/ibench.lua";
function ibenchStep(parameters) {
  const p = IbenchParametersSchema.parse(parameters);
  const isQuery = isQueryStep(p.step);
  const uncounted = uncountedReason2(p.step);
  const rowsPerCommit = insertsRows(p.step) ? p.rows_per_commit ?? ROWS_PER_COMMIT[p.step] : null;
  const common = (target, bins) => {
    const conn = serverConnection(target);
    return [bins[SCRIPT], ...sysbenchConnectionArgs(conn), ...dialectArgs(conn, p.storage_engine), `--rand-seed=${p.seed}`, `--table_rows=${p.table_rows}`];
  };
  const sysbench = (target, bins, args) => ({ file: bins.sysbench, args: [...common(target, bins), ...args] });
  const loadArgs = (commits) => [`--step=${p.step}`, ...rowsPerCommit ? [`--rows_per_commit=${rowsPerCommit}`] : [], `--events=${wholeCount(commits)}`, "--time=0", "run"];
  const loadCommits = rowsPerCommit ? p.rows / rowsPerCommit : 1;
  const queryArgs = (seconds) => [`--step=${p.step}`, "--threads=2", `--writer_rate=${p.writer_rate}`, `--writer_rows_per_commit=${p.writer_rows_per_commit}`, `--time=${wholeSeconds(seconds)}`, "--events=0", "run"];
  const dataSetKey2 = `ibench${p.storage_engine === void 0 ? "" : `.${p.storage_engine}`}.rows${p.table_rows}.seed${p.seed}`;
  const measured = (target, bins, seconds) => sysbench(target, bins, isQuery ? queryArgs(seconds) : loadArgs(loadCommits));
  return {
    id: ibenchStepId(p),
    driver: "ibench",
    parameters: {
      step: p.step,
      client: "sysbench lua/ibench.lua",
      table_rows: p.table_rows,
      seed: p.seed,
      ...p.rows !== void 0 && { rows: p.rows },
      ...rowsPerCommit !== null && { rows_per_commit: rowsPerCommit },
      ...isQuery && { writer_rate: p.writer_rate, writer_rows_per_commit: p.writer_rows_per_commit },
      ...p.storage_engine !== void 0 && { storage_engine: p.storage_engine }
    },
    programs: { sysbench: "system", [SCRIPT]: "shipped" },
    dataSet: (target, bins) => isQuery ? (
      // after the load steps: the table as they left it (loaded only on a server that lacks it), settled again
      { key: `${dataSetKey2}.queries`, commands: [sysbench(target, bins, ["--if_missing=on", "prepare"])], tables: ["ibench"] }
    ) : { key: dataSetKey2, commands: [sysbench(target, bins, ["prepare"])], tables: ["ibench"] },
    // The rounds leave each variant's table in a state of its own (the writers are paced by wall time):
    // loaded again for the query steps' counted runs, the same seeded rows and ids on every variant,
    // settled. l.i0's counted runs use their own table; its set is the same one, so it is loaded once.
    ...uncounted === null && {
      countedDataSet: (target, bins) => ({ key: `${dataSetKey2}.counted`, commands: [sysbench(target, bins, ["prepare"])], tables: ["ibench"] })
    },
    // with the writer off, qr100, qr500 and qr1000 run the same counted queries (and the three qp)
    ...isQuery && { countedAs: `${dataSetKey2}.counted.${p.step}` },
    run: measured,
    // load steps: one more round's worth of work (l.i0 on its own fresh table, l.i1/l.i2 keep the size)
    warmup: measured,
    fixedRun: (target, bins, perClient) => {
      const args = isQuery ? [`--step=${p.step}`, "--threads=1", `--events=${wholeCount(perClient)}`, "--time=0", "run"] : [...p.step === "l.i0" ? ["--drop_load_table=on"] : [], ...loadArgs(perClient)];
      return sysbench(target, bins, args);
    },
    ...uncounted !== null ? { uncounted } : isQuery ? { countedRun: COUNTED_QUERIES } : p.step === "l.i0" ? { countedRun: COUNTED_LOAD } : {},
    // l.i1 and l.i2 insert into and delete from table ibench: counted one after another, their runs
    // spread 9-19% on PostgreSQL and 85% on MariaDB (2026-12-01: dead rows, page splits and purge left
    // by the runs before), so each starts from a fresh copy where the engine makes one (l.i0 writes a
    // table of its own, created and dropped by every run)
    ...(p.step === "l.i1" || p.step === "l.i2") && { writes: true },
    isProgressLine: (line) => line.startsWith("ibench "),
    parse: (stdout) => parseIbenchOutput(stdout, isQuery ? p.writer_rate : null),
    // a counted run has no writer
    parseFixed: (stdout) => parseIbenchOutput(stdout, null)
  };
}
var CLIENT_LINE = /^ibench client: step=(\S+) ops=(\d+) seconds=([\d.]+) avg_ms=([\d.]+) p50_ms=([\d.]+) p90_ms=([\d.]+) max_ms=([\d.]+)$/gm;
var WRITER_LINE = /^ibench writer: rows=(\d+) seconds=([\d.]+) target_per_s=(\d+)$/gm;
function parseIbenchOutput(raw, writerRate) {
  const text = normalizeLines(raw);
  const fatal = /^FATAL: .*$/m.exec(text);
  if (fatal) throw new ParseError(`sysbench: ${fatal[0]}`, raw);
  const clients = [...text.matchAll(CLIENT_LINE)];
  if (clients.length !== 1) throw new ParseError(`expected one "ibench client:" summary line, found ${clients.length}`, raw);
  const [, , ops, seconds, avg, p50, p90, max2] = clients[0].map(Number);
  const duration2 = requirePositive(seconds, "ibench client seconds", raw);
  const writers = [...text.matchAll(WRITER_LINE)];
  let background_writer;
  if (writerRate !== null) {
    if (writers.length !== 1) throw new ParseError(`expected one "ibench writer:" line for a writer of ${writerRate} rows/s, found ${writers.length}`, raw);
    const [, rows, writerSeconds, target] = writers[0].map(Number);
    if (target !== writerRate) throw new ParseError(`the writer's target is ${target} rows/s, the step's ${writerRate}`, raw);
    const rowsPerS = rows / requirePositive(writerSeconds, "ibench writer seconds", raw);
    background_writer = { target_rows_per_s: writerRate, rows_per_s: rowsPerS, kept_rate: rowsPerS >= WRITER_KEPT_SHARE * writerRate };
  } else if (writers.length > 0) {
    throw new ParseError("a background writer ran in a run that has none (a load step, or a counted run)", raw);
  }
  return {
    ops: requirePositive(ops, "ibench client ops", raw),
    ops_per_s: ops / duration2,
    duration_s: duration2,
    latency_ms: { avg, p95: null, p99: null, p50, p90, max: max2 },
    errors: null,
    ...background_writer && { background_writer },
    raw
  };
}

// src/driver/pgbench.ts
var PGBENCH_SCRIPTS = ["select-only", "tpcb-like", "simple-update"];
var PGBENCH_PROTOCOLS = ["simple", "extended", "prepared"];
var PGBENCH_TABLES = ["pgbench_accounts", "pgbench_branches", "pgbench_tellers", "pgbench_history"];
var WRITING_SCRIPTS = /* @__PURE__ */ new Set(["tpcb-like", "simple-update"]);
var COUNTED_RUN_SEED2 = 1;
var PgbenchParametersSchema = external_exports.object({
  script: external_exports.enum(PGBENCH_SCRIPTS),
  protocol: external_exports.enum(PGBENCH_PROTOCOLS).default("simple"),
  clients: external_exports.number().int().positive(),
  /** pgbench worker threads; defaults to one per client */
  threads: external_exports.number().int().positive().optional(),
  /** scale factor of `pgbench -i -s`: 100,000 pgbench_accounts rows per unit */
  scale: external_exports.number().int().positive().default(10),
  progress_interval_s: external_exports.number().int().positive().default(1)
}).strict().refine((p) => p.threads === void 0 || p.threads <= p.clients, { message: "threads must not exceed clients", path: ["threads"] });
function pgbenchStepId(p) {
  return `pgbench.${p.script}.${p.protocol}.c${p.clients}`;
}
function pgbenchStep(parameters) {
  const p = PgbenchParametersSchema.parse(parameters);
  const threads = p.threads ?? p.clients;
  const runArgs = (target, length, parallel = { clients: p.clients, threads }) => [
    ...libpqConnectionArgs(serverConnection(target)),
    "-b",
    p.script,
    "-M",
    p.protocol,
    "-c",
    String(parallel.clients),
    "-j",
    String(parallel.threads),
    ...length
  ];
  const writes = WRITING_SCRIPTS.has(p.script);
  const serialCount = writes && p.clients > 1;
  return {
    id: pgbenchStepId(p),
    driver: "pgbench",
    parameters: { script: p.script, protocol: p.protocol, clients: p.clients, threads, scale: p.scale },
    programs: { pgbench: "build" },
    dataSet: (target, bins) => ({
      key: `pgbench.scale${p.scale}`,
      commands: [{ file: bins.pgbench, args: ["-i", "-s", String(p.scale), "-q", ...libpqConnectionArgs(serverConnection(target)), serverConnection(target).database] }],
      tables: PGBENCH_TABLES
    }),
    run: (target, bins, seconds) => ({
      file: bins.pgbench,
      args: [...runArgs(target, ["-T", wholeSeconds(seconds)]), "-P", String(p.progress_interval_s), serverConnection(target).database]
    }),
    warmup: (target, bins, seconds) => ({ file: bins.pgbench, args: [...runArgs(target, ["-T", wholeSeconds(seconds)]), serverConnection(target).database] }),
    ...writes && { writes: true },
    ...serialCount && { countedRun: `one client running the ${p.clients} clients' transactions in turn` },
    // -n: no vacuum before the run. Its cost depends on what the previous run left (dead tuples of
    // the runs of N and 2N differ), which would not cancel out in the difference of two runs. One seed
    // for every counted run: runs of N and 2N share their first N transactions per client, and a run
    // of a writing script starts from a fresh copy of the data (src/schedule/instructions.ts).
    fixedRun: (target, bins, perClient) => {
      const args = serialCount ? runArgs(target, ["-t", wholeCount(perClient * p.clients)], { clients: 1, threads: 1 }) : runArgs(target, ["-t", wholeCount(perClient)]);
      return { file: bins.pgbench, args: [...args, "-n", `--random-seed=${COUNTED_RUN_SEED2}`, serverConnection(target).database] };
    },
    isProgressLine: (line) => line.startsWith("progress: "),
    parse: parsePgbenchOutput
  };
}
function duration(text, ops, tps, raw) {
  const seconds = findNumber(text, /^duration: (\d+) s$/m, "pgbench duration", raw);
  if (seconds !== null) return seconds;
  if (findNumber(text, /^number of transactions per client: (\d+)$/m, "pgbench transactions per client", raw) === null) {
    throw new ParseError("no pgbench duration (-T) or transactions per client (-t) line in the output", raw);
  }
  return ops / tps;
}
var TPS_EXCLUDING_CONNECTIONS = /^tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)$/m;
function parsePgbenchOutput(raw) {
  const text = normalizeLines(raw);
  const aborted = /^pgbench: (?:error|fatal): (Run was aborted.*)$/m.exec(text);
  if (aborted) throw new ParseError(`pgbench: ${aborted[1]}`, raw);
  const ops = requireNumber(text, /^number of transactions actually processed: (\d+)(?:\/\d+)?$/m, "pgbench transactions processed", raw);
  const tps = requireNumber(text, TPS_EXCLUDING_CONNECTIONS, "pgbench tps", raw);
  return {
    ops: requirePositive(ops, "pgbench transactions processed", raw),
    ops_per_s: requirePositive(tps, "pgbench tps", raw),
    duration_s: duration(text, ops, tps, raw),
    latency_ms: {
      avg: requireNumber(text, /^latency average = ([\d.]+) ms(?: \(including failures\))?$/m, "pgbench latency average", raw),
      p95: null,
      p99: null
    },
    errors: findNumber(text, /^number of failed transactions: (\d+) \([\d.]+%\)$/m, "pgbench failed transactions", raw),
    raw
  };
}

// src/driver/index.ts
var DRIVERS = {
  pgbench: { engines: ["postgresql"], clients: "clients", step: pgbenchStep },
  // its pgsql driver for PostgreSQL, its mysql one for MariaDB (sysbenchConnectionArgs)
  sysbench: { engines: ["postgresql", "mariadb", "myrocks"], clients: "threads", step: sysbenchStep },
  // sysbench with lua/ibench.lua: its pgsql and mysql dialects (MyRocks: storage_engine rocksdb); a new engine needs its dialect there
  ibench: { engines: ["postgresql", "mariadb", "myrocks"], step: ibenchStep },
  // db_bench runs its operations on --threads threads of one process
  db_bench: { engines: ["rocksdb"], clients: "threads", step: dbBenchStep }
};
function stepFromDefinition(definition, engine) {
  const driver = DRIVERS[definition.driver];
  if (!driver) throw new InputError(`unknown driver "${definition.driver}" (known: ${Object.keys(DRIVERS).join(", ")})`);
  if (!driver.engines.includes(engine)) {
    throw new InputError(`the ${definition.driver} driver cannot measure the ${engine} engine (it measures ${driver.engines.join(", ")})`);
  }
  return driver.step(definition.parameters);
}

// node_modules/simple-statistics/dist/simple-statistics.mjs
function sum(x) {
  if (x.length === 0) {
    return 0;
  }
  var sum2 = x[0];
  var correction = 0;
  var transition;
  if (typeof sum2 !== "number") {
    return Number.NaN;
  }
  for (var i = 1; i < x.length; i++) {
    if (typeof x[i] !== "number") {
      return Number.NaN;
    }
    transition = sum2 + x[i];
    if (Math.abs(sum2) >= Math.abs(x[i])) {
      correction += sum2 - transition + x[i];
    } else {
      correction += x[i] - transition + sum2;
    }
    sum2 = transition;
  }
  return sum2 + correction;
}
function mean(x) {
  if (x.length === 0) {
    throw new Error("mean requires at least one data point");
  }
  return sum(x) / x.length;
}
function sumNthPowerDeviations(x, n) {
  var meanValue = mean(x);
  var sum2 = 0;
  var tempValue;
  var i;
  if (n === 2) {
    for (i = 0; i < x.length; i++) {
      tempValue = x[i] - meanValue;
      sum2 += tempValue * tempValue;
    }
  } else {
    for (i = 0; i < x.length; i++) {
      sum2 += Math.pow(x[i] - meanValue, n);
    }
  }
  return sum2;
}
function sampleVariance(x) {
  if (x.length < 2) {
    throw new Error("sampleVariance requires at least two data points");
  }
  var sumSquaredDeviationsValue = sumNthPowerDeviations(x, 2);
  var besselsCorrection = x.length - 1;
  return sumSquaredDeviationsValue / besselsCorrection;
}
function sampleStandardDeviation(x) {
  var sampleVarianceX = sampleVariance(x);
  return Math.sqrt(sampleVarianceX);
}
function max(x) {
  if (x.length === 0) {
    throw new Error("max requires at least one data point");
  }
  var value = x[0];
  for (var i = 1; i < x.length; i++) {
    if (x[i] > value) {
      value = x[i];
    }
  }
  return value;
}
function min(x) {
  if (x.length === 0) {
    throw new Error("min requires at least one data point");
  }
  var value = x[0];
  for (var i = 1; i < x.length; i++) {
    if (x[i] < value) {
      value = x[i];
    }
  }
  return value;
}
function quantileSorted(x, p) {
  var idx = (x.length - 1) * p;
  if (x.length === 0) {
    throw new Error("quantile requires at least one data point.");
  } else if (p < 0 || p > 1) {
    throw new Error("quantiles must be between 0 and 1");
  } else if (p === 1) {
    return x[x.length - 1];
  } else if (p === 0) {
    return x[0];
  } else if (idx % 1 !== 0) {
    var lower = Math.floor(idx);
    var upper = Math.ceil(idx);
    var fraction = idx - lower;
    return x[lower] + fraction * (x[upper] - x[lower]);
  } else {
    return x[idx];
  }
}
function quickselect(arr, k, left, right) {
  left = left || 0;
  right = right || arr.length - 1;
  while (right > left) {
    if (right - left > 600) {
      var n = right - left + 1;
      var m = k - left + 1;
      var z2 = Math.log(n);
      var s = 0.5 * Math.exp(2 * z2 / 3);
      var sd = 0.5 * Math.sqrt(z2 * s * (n - s) / n);
      if (m - n / 2 < 0) {
        sd *= -1;
      }
      var newLeft = Math.max(left, Math.floor(k - m * s / n + sd));
      var newRight = Math.min(
        right,
        Math.floor(k + (n - m) * s / n + sd)
      );
      quickselect(arr, k, newLeft, newRight);
    }
    var t = arr[k];
    var i = left;
    var j = right;
    swap(arr, left, k);
    if (arr[right] > t) {
      swap(arr, left, right);
    }
    while (i < j) {
      swap(arr, i, j);
      i++;
      j--;
      while (arr[i] < t) {
        i++;
      }
      while (arr[j] > t) {
        j--;
      }
    }
    if (arr[left] === t) {
      swap(arr, left, j);
    } else {
      j++;
      swap(arr, j, right);
    }
    if (j <= k) {
      left = j + 1;
    }
    if (k <= j) {
      right = j - 1;
    }
  }
}
function swap(arr, i, j) {
  var tmp = arr[i];
  arr[i] = arr[j];
  arr[j] = tmp;
}
function quantile(x, p) {
  var copy = x.slice();
  if (Array.isArray(p)) {
    multiQuantileSelect(copy, p);
    var results = [];
    for (var i = 0; i < p.length; i++) {
      results[i] = quantileSorted(copy, p[i]);
    }
    return results;
  } else {
    var idx = quantileIndex(copy.length, p);
    quantileSelect(copy, idx, 0, copy.length - 1);
    return quantileSorted(copy, p);
  }
}
function quantileSelect(arr, k, left, right) {
  if (k % 1 === 0) {
    quickselect(arr, k, left, right);
  } else {
    k = Math.floor(k);
    quickselect(arr, k, left, right);
    quickselect(arr, k + 1, k + 1, right);
  }
}
function multiQuantileSelect(arr, p) {
  var positions = /* @__PURE__ */ new Set();
  for (var i = 0; i < p.length; i++) {
    var idx = quantileIndex(arr.length, p[i]);
    positions.add(Math.floor(idx));
    positions.add(Math.ceil(idx));
  }
  var indices = Array.from(positions).sort(compare);
  multiselect(arr, indices, 0, indices.length - 1, 0, arr.length - 1);
}
function multiselect(arr, indices, lo, hi, left, right) {
  if (lo > hi) {
    return;
  }
  var mid = lo + hi >> 1;
  quickselect(arr, indices[mid], left, right);
  multiselect(arr, indices, lo, mid - 1, left, indices[mid] - 1);
  multiselect(arr, indices, mid + 1, hi, indices[mid] + 1, right);
}
function compare(a, b) {
  return a - b;
}
function quantileIndex(len, p) {
  var idx = (len - 1) * p;
  if (p === 1) {
    return len - 1;
  } else if (p === 0) {
    return 0;
  } else if (idx % 1 !== 0) {
    return idx;
  } else {
    return idx;
  }
}
function median(x) {
  return +quantile(x, 0.5);
}
var epsilon = 1e-4;
var BayesianClassifier = function BayesianClassifier2() {
  this.totalCount = 0;
  this.data = {};
};
BayesianClassifier.prototype.train = function train(item, category) {
  if (!this.data[category]) {
    this.data[category] = {};
  }
  for (var k in item) {
    var v = item[k];
    if (this.data[category][k] === void 0) {
      this.data[category][k] = {};
    }
    if (this.data[category][k][v] === void 0) {
      this.data[category][k][v] = 0;
    }
    this.data[category][k][v]++;
  }
  this.totalCount++;
};
BayesianClassifier.prototype.score = function score(item) {
  var odds = {};
  var category;
  for (var k in item) {
    var v = item[k];
    for (category in this.data) {
      if (odds[category] === void 0) {
        odds[category] = {};
      }
      if (this.data[category][k]) {
        odds[category][k + "_" + v] = (this.data[category][k][v] || 0) / this.totalCount;
      } else {
        odds[category][k + "_" + v] = 0;
      }
    }
  }
  var oddsSums = {};
  for (category in odds) {
    oddsSums[category] = 0;
    for (var combination in odds[category]) {
      oddsSums[category] += odds[category][combination];
    }
  }
  return oddsSums;
};
var g = 607 / 128;
var LOGSQRT2PI = Math.log(Math.sqrt(2 * Math.PI));
var SQRT_2PI$1 = Math.sqrt(2 * Math.PI);
function cumulativeDistribution(z2) {
  var sum2 = z2;
  var tmp = z2;
  for (var i = 1; i < 30; i++) {
    tmp *= z2 * z2 / (2 * i + 1);
    sum2 += tmp;
  }
  return Math.round((0.5 + sum2 / SQRT_2PI$1 * Math.exp(-z2 * z2 / 2)) * 1e4) / 1e4;
}
var standardNormalTable = [];
for (z = 0; z <= 3.09; z += 0.01) {
  standardNormalTable.push(cumulativeDistribution(z));
}
var z;
function errorFunction(x) {
  var t = 1 / (1 + 0.5 * Math.abs(x));
  var tau = t * Math.exp(
    -x * x + ((((((((0.17087277 * t - 0.82215223) * t + 1.48851587) * t - 1.13520398) * t + 0.27886807) * t - 0.18628806) * t + 0.09678418) * t + 0.37409196) * t + 1.00002368) * t - 1.26551223
  );
  if (x >= 0) {
    return 1 - tau;
  } else {
    return tau - 1;
  }
}
function inverseErrorFunction(x) {
  var a = 8 * (Math.PI - 3) / (3 * Math.PI * (4 - Math.PI));
  var inv = Math.sqrt(
    Math.sqrt(
      Math.pow(2 / (Math.PI * a) + Math.log(1 - x * x) / 2, 2) - Math.log(1 - x * x) / a
    ) - (2 / (Math.PI * a) + Math.log(1 - x * x) / 2)
  );
  if (x >= 0) {
    return inv;
  } else {
    return -inv;
  }
}
var SQRT_2PI = Math.sqrt(2 * Math.PI);
var PerceptronModel = function PerceptronModel2() {
  this.weights = [];
  this.bias = 0;
};
PerceptronModel.prototype.predict = function predict(features) {
  if (features.length !== this.weights.length) {
    return null;
  }
  var score2 = 0;
  for (var i = 0; i < this.weights.length; i++) {
    score2 += this.weights[i] * features[i];
  }
  score2 += this.bias;
  if (score2 > 0) {
    return 1;
  } else {
    return 0;
  }
};
PerceptronModel.prototype.train = function train2(features, label) {
  if (label !== 0 && label !== 1) {
    return null;
  }
  if (features.length !== this.weights.length) {
    this.weights = features.slice();
    this.bias = 1;
  }
  var prediction = this.predict(features);
  if (typeof prediction === "number" && prediction !== label) {
    var gradient = label - prediction;
    for (var i = 0; i < this.weights.length; i++) {
      this.weights[i] += gradient * features[i];
    }
    this.bias += gradient;
  }
  return this;
};
function probit(p) {
  if (p === 0) {
    p = epsilon;
  } else if (p >= 1) {
    p = 1 - epsilon;
  }
  return Math.sqrt(2) * inverseErrorFunction(2 * p - 1);
}

// src/compare/stats.ts
var import_jstat = __toESM(require_jstat(), 1);

// src/compare/order-statistics.ts
var SORT_BELOW = 4096;
var MAX_PIVOT_SAMPLE = 4096;
function pivotRandom() {
  let state = 2654435769;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}
function select(matrix, k) {
  const { rows, cols } = matrix;
  const low = Int32Array.from({ length: rows }, (_, i) => matrix.first(i));
  const high = new Int32Array(rows).fill(cols);
  const ends = new Float64Array(rows);
  const below = new Int32Array(rows);
  const above = new Int32Array(rows);
  const random = pivotRandom();
  for (; ; ) {
    let remaining = 0;
    let before = 0;
    for (let i = 0; i < rows; i++) {
      remaining += Math.max(0, high[i] - low[i]);
      ends[i] = remaining;
      before += low[i] - matrix.first(i);
    }
    if (remaining <= Math.max(SORT_BELOW, rows)) {
      const candidates = new Float64Array(remaining);
      let c = 0;
      for (let i = 0; i < rows; i++) for (let j = low[i]; j < high[i]; j++) candidates[c++] = matrix.value(i, j);
      return candidates.sort()[k - before - 1];
    }
    const sampleSize = Math.min(MAX_PIVOT_SAMPLE, Math.ceil(remaining ** (2 / 3)));
    const sample = new Float64Array(sampleSize);
    for (let s = 0; s < sampleSize; s++) {
      const r = Math.floor(random() * remaining);
      let lo = 0;
      let hi = rows - 1;
      while (lo < hi) {
        const mid = lo + hi >> 1;
        if (ends[mid] > r) hi = mid;
        else lo = mid + 1;
      }
      sample[s] = matrix.value(lo, high[lo] - (ends[lo] - r));
    }
    sample.sort();
    const share = (k - before) / remaining;
    const place2 = share * sampleSize;
    const spread = 3 * Math.sqrt(sampleSize * share * (1 - share)) + 2;
    const lowPivot = sample[Math.max(0, Math.floor(place2 - spread))];
    const highPivot = sample[Math.min(sampleSize - 1, Math.ceil(place2 + spread))];
    const smaller = matrix.boundaries(lowPivot, false, below);
    if (k <= smaller) {
      high.set(below.map((b, i) => Math.min(b, high[i])));
      continue;
    }
    const atMost = matrix.boundaries(highPivot, true, above);
    if (k > atMost) {
      low.set(above.map((b, i) => Math.max(b, low[i])));
      continue;
    }
    if (lowPivot === highPivot) return lowPivot;
    let kept = 0;
    for (let i = 0; i < rows; i++) {
      low[i] = Math.max(low[i], below[i]);
      high[i] = Math.min(high[i], above[i]);
      kept += Math.max(0, high[i] - low[i]);
    }
    if (kept < remaining) continue;
    if (k <= matrix.boundaries(lowPivot, true, above)) return lowPivot;
    for (let i = 0; i < rows; i++) low[i] = Math.max(low[i], above[i]);
  }
}
function nextValue(matrix, v, k) {
  const bound = new Int32Array(matrix.rows);
  if (matrix.boundaries(v, true, bound) > k) return v;
  let next = Infinity;
  for (let i = 0; i < matrix.rows; i++) if (bound[i] < matrix.cols) next = Math.min(next, matrix.value(i, bound[i]));
  return next;
}
var positiveZero = (v) => v + 0;
function shiftsOf(matrix, size) {
  const kth = (k) => {
    if (!(k >= 1 && k <= size)) throw new RangeError(`order statistic ${k} of ${size} values`);
    return select(matrix, k);
  };
  return {
    size,
    kth,
    median: () => {
      const half = Math.floor(size / 2);
      if (size % 2) return kth(half + 1);
      const lower = kth(half);
      return (lower + nextValue(matrix, lower, half)) / 2;
    }
  };
}
function walshAverages(differences) {
  const d = Float64Array.from(differences, positiveZero).sort();
  const n = d.length;
  const matrix = {
    rows: n,
    cols: n,
    first: (i) => i,
    value: (i, j) => (d[i] + d[j]) / 2,
    boundaries(t, orEqual, out) {
      let j = n;
      let before = 0;
      for (let i = 0; i < n; i++) {
        const di = d[i];
        while (j > 0 && (orEqual ? (di + d[j - 1]) / 2 > t : (di + d[j - 1]) / 2 >= t)) j--;
        out[i] = Math.max(j, i);
        before += out[i] - i;
      }
      return before;
    }
  };
  return shiftsOf(matrix, n * (n + 1) / 2);
}
function pairwiseDifferences(x, y) {
  const xs = Float64Array.from(x, positiveZero).sort();
  const yd = Float64Array.from(y, positiveZero).sort().reverse();
  const m = xs.length;
  const n = yd.length;
  const matrix = {
    rows: m,
    cols: n,
    first: () => 0,
    value: (i, j) => xs[i] - yd[j],
    boundaries(t, orEqual, out) {
      let j = n;
      let before = 0;
      for (let i = 0; i < m; i++) {
        const xi = xs[i];
        while (j > 0 && (orEqual ? xi - yd[j - 1] > t : xi - yd[j - 1] >= t)) j--;
        out[i] = j;
        before += j;
      }
      return before;
    }
  };
  return shiftsOf(matrix, m * n);
}

// src/compare/stats.ts
var EXACT_MAX_N = 50;
function normalCdf(z2) {
  return 0.5 * (1 + errorFunction(z2 / Math.SQRT2));
}
function exactDistribution(pmf) {
  const lower = new Float64Array(pmf.length);
  const upper = new Float64Array(pmf.length);
  let acc = 0;
  for (let i = 0; i < pmf.length; i++) lower[i] = acc += pmf[i] ?? 0;
  acc = 0;
  for (let i = pmf.length - 1; i >= 0; i--) upper[i] = acc += pmf[i] ?? 0;
  return {
    cdf: (s) => {
      const i = Math.floor(s + 1e-9);
      return i < 0 ? 0 : i >= pmf.length ? 1 : lower[i] ?? 1;
    },
    sf: (s) => {
      const i = Math.ceil(s - 1e-9);
      return i < 0 ? 1 : i >= pmf.length ? 0 : upper[i] ?? 0;
    }
  };
}
function normalDistribution(mean2, sd) {
  return {
    cdf: (s) => sd > 0 ? normalCdf((s + 0.5 - mean2) / sd) : s >= mean2 ? 1 : 0,
    sf: (s) => sd > 0 ? normalCdf((mean2 - s + 0.5) / sd) : s <= mean2 ? 1 : 0
  };
}
function twoSidedP(dist, statistic) {
  return Math.min(1, 2 * Math.min(dist.cdf(statistic), dist.sf(statistic)));
}
var ascending = (values) => Float64Array.from(values).sort();
function searchSorted(sorted, v, orAbove) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = lo + hi >> 1;
    if (orAbove ? sorted[mid] <= v : sorted[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
function doubledMidranks(values, sorted) {
  return values.map((v) => searchSorted(sorted, v, false) + searchSorted(sorted, v, true) + 1);
}
function tieSum(sorted) {
  let sum2 = 0;
  for (let start = 0; start < sorted.length; ) {
    let end = start + 1;
    while (end < sorted.length && sorted[end] === sorted[start]) end++;
    const t = end - start;
    sum2 += t * t * t - t;
    start = end;
  }
  return sum2;
}
function gcd(a, b) {
  while (b) [a, b] = [b, a % b];
  return a;
}
function reduceScores(scores) {
  const unit = scores.reduce(gcd, 0) || 1;
  return { scores: scores.map((s) => s / unit), unit };
}
function signFlipPmf(scores) {
  const pmf = new Float64Array(scores.reduce((a, b) => a + b, 0) + 1);
  pmf[0] = 1;
  let reach = 0;
  for (const s of scores) {
    reach += s;
    for (let t = reach; t >= 0; t--) pmf[t] = 0.5 * (pmf[t] ?? 0) + (t >= s ? 0.5 * (pmf[t - s] ?? 0) : 0);
  }
  return pmf;
}
function subsetSumPmf(scores, m) {
  const maxSum = [...scores].sort((a, b) => b - a).slice(0, m).reduce((a, b) => a + b, 0);
  const width = maxSum + 1;
  const ways = new Float64Array((m + 1) * width);
  ways[0] = 1;
  scores.forEach((score2, seen) => {
    for (let k = Math.min(seen + 1, m); k >= 1; k--) {
      const row2 = k * width;
      const previous = row2 - width - score2;
      for (let s = maxSum; s >= score2; s--) ways[row2 + s] = (ways[row2 + s] ?? 0) + (ways[previous + s] ?? 0);
    }
  });
  const pmf = ways.slice(m * width);
  const total = pmf.reduce((a, b) => a + b, 0);
  return pmf.map((w) => w / total);
}
var signedRankNulls = /* @__PURE__ */ new Map();
var rankSumNulls = /* @__PURE__ */ new Map();
function signedRankNull(n) {
  let counts = signedRankNulls.get(n);
  if (!counts) {
    const mean2 = n * (n + 1) / 4;
    const sd = Math.sqrt(n * (n + 1) * (2 * n + 1) / 24);
    const ranks = Array.from({ length: n }, (_, i) => i + 1);
    counts = { dist: n > EXACT_MAX_N ? normalDistribution(mean2, sd) : exactDistribution(signFlipPmf(ranks)), mean: mean2, sd };
    signedRankNulls.set(n, counts);
  }
  return counts;
}
function rankSumNull(m, n) {
  const key = `${m},${n}`;
  let counts = rankSumNulls.get(key);
  if (!counts) {
    const mean2 = m * n / 2;
    const sd = Math.sqrt(m * n * (m + n + 1) / 12);
    const ranks = Array.from({ length: m + n }, (_, i) => i + 1);
    const exact = () => exactDistribution(subsetSumPmf(ranks, m).subarray(m * (m + 1) / 2));
    counts = { dist: m > EXACT_MAX_N || n > EXACT_MAX_N ? normalDistribution(mean2, sd) : exact(), mean: mean2, sd };
    rankSumNulls.set(key, counts);
  }
  return counts;
}
function signedRankTest(differences) {
  const nonZero = differences.filter((d) => d !== 0);
  const n = nonZero.length;
  if (n === 0) return { statistic: 0, p_value: 1, method: "exact" };
  const magnitudes = nonZero.map(Math.abs);
  const sorted = ascending(magnitudes);
  const doubled = doubledMidranks(magnitudes, sorted);
  const ties = tieSum(sorted);
  const positive = (scores2) => nonZero.reduce((sum2, d, i) => sum2 + (d > 0 ? scores2[i] : 0), 0);
  const statistic = positive(doubled) / 2;
  if (n > EXACT_MAX_N) {
    const { mean: mean2, sd } = signedRankNull(n);
    const tiedSd = Math.sqrt(sd * sd - ties / 48);
    return { statistic, p_value: twoSidedP(normalDistribution(mean2, tiedSd), statistic), method: "normal" };
  }
  if (ties === 0) return { statistic, p_value: twoSidedP(signedRankNull(n).dist, statistic), method: "exact" };
  const { scores } = reduceScores(doubled);
  return { statistic, p_value: twoSidedP(exactDistribution(signFlipPmf(scores)), positive(scores)), method: "exact" };
}
function rankSumTest(x, y) {
  const m = x.length;
  const n = y.length;
  const pooled = [...x, ...y];
  const sorted = ascending(pooled);
  const doubled = doubledMidranks(pooled, sorted);
  const ties = tieSum(sorted);
  const ofX = (scores2) => scores2.slice(0, m).reduce((a, b) => a + b, 0);
  const statistic = ofX(doubled) / 2 - m * (m + 1) / 2;
  if (m > EXACT_MAX_N || n > EXACT_MAX_N) {
    const { mean: mean2, sd } = rankSumNull(m, n);
    const N = m + n;
    const tiedSd = Math.sqrt(sd * sd * (1 - ties / (N * (N - 1) * (N + 1))));
    return { statistic, p_value: twoSidedP(normalDistribution(mean2, tiedSd), statistic), method: "normal" };
  }
  if (ties === 0) return { statistic, p_value: twoSidedP(rankSumNull(m, n).dist, statistic), method: "exact" };
  const { scores } = reduceScores(doubled);
  return { statistic, p_value: twoSidedP(exactDistribution(subsetSumPmf(scores, m)), ofX(scores)), method: "exact" };
}
function rankInterval(shifts, { dist, mean: mean2, sd }, alpha) {
  let c = Math.max(-1, Math.floor(mean2 - 0.5 + sd * probit(alpha / 2)));
  while (c >= 0 && 2 * dist.cdf(c) >= alpha) c--;
  while (2 * dist.cdf(c + 1) < alpha) c++;
  const k = Math.max(1, c + 1);
  return {
    ci_low: shifts.kth(k),
    ci_high: shifts.kth(shifts.size - k + 1),
    confidence: Math.max(0, 1 - 2 * dist.cdf(k - 1)),
    min_p_value: Math.min(1, 2 * dist.cdf(0))
  };
}
function pairedShift(differences, alpha) {
  const n = differences.length;
  if (n === 0) throw new Error("pairedShift needs at least one difference");
  const walsh = walshAverages(differences);
  return {
    estimate: walsh.median(),
    ...rankInterval(walsh, signedRankNull(n), alpha),
    p_value: signedRankTest(differences).p_value,
    n,
    method: n > EXACT_MAX_N ? "normal" : "exact"
  };
}
function unpairedShift(x, y, alpha) {
  const m = x.length;
  const n = y.length;
  if (m === 0 || n === 0) throw new Error("unpairedShift needs values on both sides");
  const differences = pairwiseDifferences(x, y);
  return {
    estimate: differences.median(),
    ...rankInterval(differences, rankSumNull(m, n), alpha),
    p_value: rankSumTest(x, y).p_value,
    n: m + n,
    method: m > EXACT_MAX_N || n > EXACT_MAX_N ? "normal" : "exact"
  };
}
function dropTTest(differences) {
  const n = differences.length;
  if (n < 2) return { t: 0, df: Math.max(0, n - 1), p_value: 1 };
  const m = mean(differences);
  const sd = sampleStandardDeviation(differences);
  const df = n - 1;
  if (sd === 0) return { t: m < 0 ? -Infinity : m > 0 ? Infinity : 0, df, p_value: m < 0 ? 0 : 1 };
  const t = m / (sd / Math.sqrt(n));
  return { t, df, p_value: import_jstat.default.studentt.cdf(t, df) };
}
var sumOf = (values) => values.reduce((a, b) => a + b, 0);
function blockDropTest(blocks, spread) {
  const filled = blocks.filter((b) => b.length > 0);
  const k = filled.length;
  const n = sumOf(filled.map((b) => b.length));
  if (k === n) return { ...dropTTest(filled.flat()), blocks: k, method: "rounds" };
  if (!spread) {
    if (k < 2) return { t: 0, df: 0, p_value: 1, blocks: k, method: "untestable" };
    return { ...dropTTest(filled.map((b) => mean(b))), blocks: k, method: "block-means" };
  }
  const all = filled.flat();
  const m = mean(all);
  const within = sumOf(filled.map((b) => sumOf(b.map((x) => (x - mean(b)) ** 2)))) / (n - k);
  const withinPart = within / n;
  const betweenPart = spread.sd ** 2 * sumOf(filled.map((b) => b.length ** 2)) / n ** 2;
  const variance = withinPart + betweenPart;
  const df = variance === 0 ? n - k : variance ** 2 / (withinPart ** 2 / (n - k) + betweenPart ** 2 / spread.df);
  if (variance === 0) return { t: m < 0 ? -Infinity : m > 0 ? Infinity : 0, df, p_value: m < 0 ? 0 : 1, blocks: k, method: "recorded" };
  const t = m / Math.sqrt(variance);
  return { t, df, p_value: import_jstat.default.studentt.cdf(t, df), blocks: k, method: "recorded" };
}

// src/compare/alpha-spending.ts
var SPENDING_FUNCTIONS = ["pocock", "obrien-fleming"];
function alphaSpent(spending, alpha, t) {
  if (t >= 1) return alpha;
  if (t <= 0) return 0;
  if (spending === "pocock") return alpha * Math.log(1 + (Math.E - 1) * t);
  return 2 - 2 * normalCdf(probit(1 - alpha / 2) / Math.sqrt(t));
}
function plannedLooks(design) {
  const { minRounds, maxRounds: maxRounds2, lookEvery } = design;
  if (!(Number.isInteger(lookEvery) && lookEvery > 0)) throw new Error(`lookEvery must be a positive whole number, got ${lookEvery}`);
  const looks = [];
  for (let n = Math.min(minRounds, maxRounds2); n < maxRounds2; n += lookEvery) looks.push(n);
  looks.push(maxRounds2);
  return looks;
}
var smallestPValue = (n) => Math.min(1, 2 * 0.5 ** n);
function lookAlpha(design, alpha, n) {
  let spent = 0;
  for (const look of plannedLooks(design)) {
    if (look >= n) break;
    const level = alphaSpent(design.spending, alpha, look / design.maxRounds) - spent;
    if (smallestPValue(look) < level) spent += level;
  }
  return alphaSpent(design.spending, alpha, n / design.maxRounds) - spent;
}

// src/schedule/sequential.ts
function scheduleDesign(schedule, rounds) {
  const minRounds = Math.min(schedule.min_rounds, rounds);
  return { minRounds, design: schedule.look_every === void 0 ? null : { minRounds, maxRounds: rounds, lookEvery: schedule.look_every, spending: schedule.spending ?? "pocock" } };
}
function budgetStops(design, minRounds, maxRounds2) {
  if (design) return plannedLooks(design);
  return Array.from({ length: maxRounds2 - minRounds + 1 }, (_, i) => minRounds + i);
}
function deafLook(design, minRounds, maxRounds2, alpha) {
  const firstDeaf = (min2) => {
    const candidate = design && { ...design, minRounds: min2 };
    for (const n of budgetStops(candidate, min2, maxRounds2)) {
      const level = candidate ? lookAlpha(candidate, alpha, n) : alpha;
      if (smallestPValue(n) >= level) return { n, level, smallestP: smallestPValue(n) };
    }
    return null;
  };
  const deaf = firstDeaf(minRounds);
  if (!deaf) return null;
  let needed = null;
  for (let min2 = minRounds + 1; min2 <= maxRounds2 && needed === null; min2++) if (!firstDeaf(min2)) needed = min2;
  return { ...deaf, minRoundsNeeded: needed };
}
function deafLookMessage(deaf, alpha) {
  const fix = deaf.minRoundsNeeded === null ? "no min_rounds up to rounds can: raise rounds or alpha" : `min_rounds ${deaf.minRoundsNeeded} or more can`;
  const round = (x) => Number(x.toPrecision(2));
  return `a step the time budget stops at ${deaf.n} rounds cannot be significant at alpha ${alpha}: the level there is ${round(deaf.level)} and the smallest possible p-value of ${deaf.n} pairs is ${round(deaf.smallestP)}; ${fix}`;
}
function sequentialLook(design, thresholds, logRatios) {
  const n = logRatios.length;
  const alpha = lookAlpha(design, thresholds.alpha, n);
  if (n >= design.maxRounds) return { n, alpha, outcome: "final", shift: null };
  if (!plannedLooks(design).includes(n)) return { n, alpha, outcome: "continue", shift: null };
  const shift = pairedShift(logRatios, alpha);
  if (shift.min_p_value >= alpha) return { n, alpha, outcome: "continue", shift };
  if (shift.p_value < alpha) return { n, alpha, outcome: "changed", shift };
  const within = Math.exp(shift.ci_low) >= thresholds.warn_below && Math.exp(shift.ci_high) <= thresholds.improve_above;
  return { n, alpha, outcome: within ? "unchanged" : "continue", shift };
}
function settledStep(design, thresholds, baseVariant, stepSamples) {
  const rounds = new Set(stepSamples.map((s) => s.round)).size;
  if (rounds < design.minRounds) return null;
  const ok = stepSamples.filter((s) => s.status === "ok");
  const base = new Map(ok.filter((s) => s.variant === baseVariant).map((s) => [s.round, s.ops_per_s]));
  const variants = [...new Set(stepSamples.map((s) => s.variant))].filter((v) => v !== baseVariant);
  const reasons = [];
  for (const variant of variants) {
    if (stepSamples.some((s) => s.variant === variant && s.status === "error")) {
      reasons.push(`${variant}: a sample failed`);
      continue;
    }
    const logRatios = ok.filter((s) => s.variant === variant && base.has(s.round)).map((s) => Math.log(s.ops_per_s / base.get(s.round)));
    const look = sequentialLook(design, thresholds, logRatios);
    if (look.outcome === "continue") return null;
    reasons.push(`${variant}: ${look.outcome === "changed" ? "significant" : "within the thresholds"} at alpha ${Number(look.alpha.toPrecision(2))}`);
  }
  if (stepSamples.some((s) => s.variant === baseVariant && s.status === "error")) return null;
  return `${stepSamples[0]?.step ?? "step"}: settled after ${rounds} of ${design.maxRounds} rounds (${reasons.join("; ")})`;
}

// src/compare/index-samples.ts
function indexByStepAndVariant(entries, list) {
  const index = /* @__PURE__ */ new Map();
  const seen = /* @__PURE__ */ new Set();
  entries.forEach((entry, i) => {
    const unit = list.unit(entry);
    if (unit) {
      const id = JSON.stringify([entry.step, entry.variant, unit.value]);
      if (seen.has(id)) throw new InputError(`a second ${list.what} of step ${entry.step}, variant ${entry.variant}, ${unit.name} ${unit.value}`, void 0, `$.${list.field}[${i}]`);
      seen.add(id);
    }
    const key = JSON.stringify([entry.step, entry.variant]);
    const found = index.get(key);
    if (found) found.push(entry);
    else index.set(key, [entry]);
  });
  return (step, variant) => index.get(JSON.stringify([step, variant])) ?? [];
}

// src/compare/reason.ts
var MAX_RATIO = 1e100;
function checkRatios(ratios, what, field2) {
  if (ratios.every((r) => r >= 1 / MAX_RATIO && r <= MAX_RATIO)) return;
  throw new InputError(`${what}: the two sides' values are more than ${MAX_RATIO} times apart: not a measurement`, void 0, field2);
}
function brief(message) {
  const line = message.split("\n")[0] ?? "";
  return line.length > 100 ? `${line.slice(0, 99)}\u2026` : line;
}
function valueAgainst(value, limits) {
  let decimals = 3;
  while (decimals < 12 && limits.some((limit) => limit !== value && Number(value.toFixed(decimals)) === limit)) decimals++;
  return value.toFixed(decimals);
}
function formatChange(change) {
  const percent2 = change * 100;
  const size = Math.abs(percent2);
  return `${percent2 < 0 ? "\u2212" : "+"}${size >= 1 || size === 0 ? Math.round(size) : size.toFixed(1)}%`;
}
function formatLimit(value) {
  const decimals = Math.min(6, Math.max(2, (String(value).split(".")[1] ?? "").length));
  return value.toFixed(decimals);
}

// src/compare/instructions.ts
var SPREAD_MULTIPLE = 2;
var MAX_LIFTED_FAIL_ABOVE = 1.05;
var MIN_LOWERED_IMPROVE_BELOW = 0.95;
var isOk = (s) => s.status === "ok";
var indexInstructionSamples = (samples) => indexByStepAndVariant(samples, { field: "instructions", what: "count", unit: (s) => s.status === "unavailable" ? null : { name: "repeat", value: s.repeat } });
var howCounted = (s) => `${s.tool} (${s.counted})${s.estimated_cycles_per_op === void 0 ? "" : `, ${cachesText(s.caches ?? DEFAULT_SIMULATED_CACHES)}`}`;
var JUDGED_NAME = { instructions_per_op: "instr/op", estimated_cycles_per_op: "est. cycles/op" };
function countedOf({ label, samples }, judged3) {
  const ok = samples.filter(isOk).sort((a, b) => a.repeat - b.repeat);
  const [first2] = ok;
  const values = ok.flatMap((s) => s[judged3] === void 0 ? [] : [s[judged3]]);
  if (!first2 || values.length < ok.length) return null;
  const middle = median(values);
  const lowest = min(values);
  const highest = max(values);
  const side = { variant: label, median: middle, min: lowest, max: highest, spread: (highest - lowest) / middle, repeats: values.length, tool: first2.tool, counted: first2.counted };
  return { side, values };
}
function errorsOf({ label, samples }) {
  return samples.flatMap((s) => s.status === "error" ? [{ variant: label, repeat: s.repeat, message: s.error.message, log_excerpt: s.error.log_excerpt }] : []);
}
var liftedAbove = (spread, k) => Math.ceil((1 + k * spread) * 1e3 - 1e-9) / 1e3;
var liftedBelow = (spread, k) => Math.floor((1 - k * spread) * 1e3 + 1e-9) / 1e3;
var spreadText = (spread) => `${spread >= 0.1 ? Math.round(spread * 100) : (spread * 100).toPrecision(2)}%`;
function tooNoisyToCount(aaSpread, k = SPREAD_MULTIPLE) {
  const line = liftedAbove(aaSpread, k);
  if (line <= MAX_LIFTED_FAIL_ABOVE) return null;
  return `its A/A instruction spread ${spreadText(aaSpread)} would put the failing line at ${line.toFixed(3)}, past ${formatLimit(MAX_LIFTED_FAIL_ABOVE)}: not counted`;
}
function instructionLines(t, aaSpread, baseSpread, k = SPREAD_MULTIPLE) {
  const fromAa = aaSpread !== void 0 && aaSpread >= baseSpread;
  const margin = fromAa ? aaSpread : baseSpread;
  const above = Math.min(liftedAbove(margin, k), MAX_LIFTED_FAIL_ABOVE);
  const below = Math.max(liftedBelow(margin, k), MIN_LOWERED_IMPROVE_BELOW);
  return {
    fail_above: Math.max(t.instructions_fail_above, above),
    warn_above: Math.max(t.instructions_warn_above, above),
    improve_below: Math.min(t.instructions_improve_below, below),
    margin,
    margin_source: fromAa ? "aa" : "base repeats",
    k
  };
}
var judgedRange = (base, variant) => ({ estimate: variant.median / base.median, low: variant.median / base.max, high: variant.median / base.min });
function ratioText(r, lines, judged3, labels) {
  const limits = [lines.fail_above, lines.warn_above, lines.improve_below];
  return `relative ${JUDGED_NAME[judged3]} ${valueAgainst(r.estimate, limits)} (${labels.variant}'s median over ${labels.base}'s repeats ${valueAgainst(r.low, limits)}\u2013${valueAgainst(r.high, limits)})`;
}
function liftedLinesText(lines, t, baseLabel) {
  const { k } = lines;
  const moved = [
    lines.fail_above > t.instructions_fail_above ? `fails above ${formatLimit(lines.fail_above)}` : lines.warn_above > t.instructions_warn_above ? `warns above ${formatLimit(lines.warn_above)}` : null,
    lines.improve_below < t.instructions_improve_below ? `improves below ${formatLimit(lines.improve_below)}` : null
  ].filter((m) => m !== null);
  if (moved.length === 0) return null;
  const source = lines.margin_source === "aa" ? "A/A spread" : `spread of ${baseLabel}'s repeats`;
  const capped = liftedAbove(lines.margin, k) > MAX_LIFTED_FAIL_ABOVE ? `, capped at ${formatLimit(MAX_LIFTED_FAIL_ABOVE)}` : "";
  return `${moved.join(", ")}: ${source} ${spreadText(lines.margin)} \xD7 ${k}${capped}`;
}
function judge(r, lines, judged3, labels) {
  const outside = r.low > 1 || r.high < 1;
  const text = ratioText(r, lines, judged3, labels);
  const { fail_above: fail, warn_above: warn, improve_below: improve } = lines;
  const separate = `${labels.variant}'s median is outside ${labels.base}'s repeats`;
  if (outside && r.estimate > fail) return { verdict: "regression", reason: `${text} is above ${formatLimit(fail)}; ${separate}` };
  if (outside && r.estimate > warn) return { verdict: "warning", reason: `${text} is above ${formatLimit(warn)}; ${separate}` };
  if (outside && r.estimate < improve) return { verdict: "improvement", reason: `${text} is below ${formatLimit(improve)}; ${separate}` };
  const crossed = r.estimate > warn ? `above ${formatLimit(warn)}` : r.estimate < improve ? `below ${formatLimit(improve)}` : null;
  if (crossed && !outside) return { verdict: "unstable", reason: `spread too wide: ${text} is ${crossed}, but ${labels.variant}'s median is inside ${labels.base}'s repeats` };
  if (r.high > fail) return { verdict: "unstable", reason: `spread too wide: ${text} reaches above ${formatLimit(fail)}` };
  return { verdict: "unchanged", reason: `${text} is within ${formatLimit(improve)}..${formatLimit(warn)}` };
}
var repeatsText = (values) => values.map((v) => v.toLocaleString("en-US", { maximumSignificantDigits: 6 })).join(" / ");
var SPREAD_NOUN = { instructions_per_op: "instruction counts", estimated_cycles_per_op: "estimated cycles" };
function variantTooNoisy(base, variant, lines, judged3, labels) {
  const byLine = lines.fail_above - 1;
  const allowed = Math.max(byLine, base.side.spread);
  if (variant.side.spread <= allowed + 1e-12) return null;
  const why = allowed === byLine ? `its failing line ${formatLimit(lines.fail_above)}` : `${labels.base}'s own spread`;
  return `${labels.variant}'s ${SPREAD_NOUN[judged3]} vary by ${spreadText(variant.side.spread)}, ${labels.base}'s by ${spreadText(base.side.spread)}: more than the ${spreadText(allowed)} the step allows (${why}); ${labels.variant}'s repeats ${repeatsText(variant.values)}, ${labels.base}'s ${repeatsText(base.values)} ${JUDGED_NAME[judged3]}`;
}
function compareInstructions(base, variant, t, rule = {}) {
  if (base.samples.length === 0 && variant.samples.length === 0) return null;
  const errors = [...errorsOf(base), ...errorsOf(variant)];
  const counted = { base: countedOf(base, "instructions_per_op"), variant: countedOf(variant, "instructions_per_op") };
  const sides2 = { base: counted.base?.side ?? null, variant: counted.variant?.side ?? null };
  const none = { ratio: null, lines: null, ...sides2, errors };
  const [firstError] = errors;
  if (firstError) {
    const count = errors.length === 1 ? "1 count" : `${errors.length} counts`;
    return { verdict: "error", reason: `${count} failed; ${firstError.variant} repeat ${firstError.repeat}: ${brief(firstError.message)}`, ...none };
  }
  const unavailable = [base, variant].flatMap(({ label, samples }) => samples.flatMap((s) => s.status === "unavailable" ? [{ label, reason: s.reason }] : []));
  const [countedSide, uncountedSide] = sides2.base ? [base, variant] : [variant, base];
  if (unavailable.length > 0 && (sides2.base || sides2.variant)) {
    const reasons = [...new Set(unavailable.map((u) => u.reason))].join("; ");
    return { verdict: "error", reason: `counted for ${countedSide.label} but not for ${uncountedSide.label}: ${reasons}`, ...none };
  }
  if (unavailable.length > 0) {
    const reasons = new Set(unavailable.map((u) => u.reason));
    return { verdict: "n/a", reason: reasons.size === 1 ? [...reasons].join("") : unavailable.map((u) => `${u.label}: ${u.reason}`).join("; "), ...none };
  }
  const ways = [base, variant].map(({ label, samples }) => ({ label, ways: [...new Set(samples.filter(isOk).map(howCounted))] }));
  if (new Set(ways.flatMap((w) => w.ways)).size > 1) {
    return { verdict: "error", reason: `counted differently, not comparable: ${ways.map((w) => `${w.label} by ${w.ways.join(" and ")}`).join(", ")}`, ...none };
  }
  if (sides2.base && variant.samples.length === 0) return { verdict: "error", reason: `counted for ${base.label}, but ${variant.label} has no instruction counts of the step`, ...none };
  if (!counted.base || !counted.variant) {
    const without = [counted.base ? null : base.label, counted.variant ? null : variant.label].filter((l) => l !== null);
    return { verdict: "missing", reason: `no instruction counts of ${without.join(" or ")}`, ...none };
  }
  const labels = { base: base.label, variant: variant.label };
  const ratio2 = ratioOf(counted.base.side, counted.variant.side);
  const byInstructions = judged(counted.base, counted.variant, t, rule, labels, "instructions_per_op");
  const cycles = { base: countedOf(base, "estimated_cycles_per_op"), variant: countedOf(variant, "estimated_cycles_per_op") };
  if (!cycles.base || !cycles.variant) return { ...byInstructions, ratio: ratio2, ...sides2, errors };
  const cyclesRatio = ratioOf(cycles.base.side, cycles.variant.side);
  const byCycles = judged(cycles.base, cycles.variant, t, rule, labels, "estimated_cycles_per_op");
  const { lines: _instructionLines, ...instructions } = byInstructions;
  return {
    ...byCycles,
    ratio: ratio2,
    ...sides2,
    errors,
    estimated_cycles: { verdict: byCycles.verdict, reason: byCycles.reason, instructions, ratio: cyclesRatio, base: cycles.base.side, variant: cycles.variant.side }
  };
}
function judged(base, variant, t, rule, labels, metric2) {
  const lines = instructionLines(t, rule.aaSpread, base.side.spread, rule.k);
  const byMedian = judge(judgedRange(base.side, variant.side), lines, metric2, labels);
  const noisy = variantTooNoisy(base, variant, lines, metric2, labels);
  const { verdict, reason: reason2 } = noisy === null ? byMedian : byMedian.verdict === "regression" ? { verdict: "regression", reason: `${byMedian.reason}; ${noisy}` } : { verdict: "error", reason: noisy };
  const lifted = liftedLinesText(lines, t, labels.base);
  return { verdict, reason: lifted === null ? reason2 : `${reason2}; ${lifted}`, lines };
}
function ratioOf(base, variant) {
  return { estimate: variant.median / base.median, low: variant.min / base.max, high: variant.max / base.min };
}

// src/config/judging-files.ts
import { realpathSync } from "node:fs";
import path13 from "node:path";
var MAX_JUDGING_FILE_BYTES = MAX_NOISE_FLOOR_FILE_BYTES;
var GIT_TIMEOUT_MS = 6e4;
function judgingCommit(repo, commit) {
  return { repo, commit, read: /* @__PURE__ */ new Set() };
}
function realOrSame(p) {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}
function pathInRepo(repo, file) {
  for (const root of /* @__PURE__ */ new Set([path13.resolve(repo), realOrSame(path13.resolve(repo))])) {
    for (const candidate of /* @__PURE__ */ new Set([path13.resolve(file), realOrSame(path13.resolve(file))])) {
      const relative = path13.relative(root, candidate);
      if (relative !== "" && !relative.startsWith("..") && !path13.isAbsolute(relative)) return relative.split(path13.sep).join("/");
    }
  }
  return null;
}
async function git(repo, args, timeoutMs = GIT_TIMEOUT_MS) {
  return execa("git", ["-C", repo, ...args], { env: childEnv(process.env), extendEnv: false, reject: false, timeout: timeoutMs });
}
async function blobAt(repo, commit, repoPath) {
  const parsed = await git(repo, ["rev-parse", "--verify", "--quiet", `${commit}:${repoPath}`]);
  return parsed.exitCode === 0 ? parsed.stdout.trim() : null;
}
async function readAtCommit(at, repoPath) {
  at.read.add(repoPath);
  const source = `${at.commit}:${repoPath}`;
  const size = await git(at.repo, ["cat-file", "-s", source]);
  if (size.exitCode !== 0) {
    const commit = await git(at.repo, ["rev-parse", "--verify", "--quiet", `${at.commit}^{commit}`]);
    if (commit.exitCode !== 0) throw new InputError(`no commit ${at.commit} in ${at.repo} to read it at`, repoPath);
    return null;
  }
  const bytes = Number(size.stdout.trim());
  if (bytes > MAX_JUDGING_FILE_BYTES) throw tooLargeError(bytes.toLocaleString("en-US"), MAX_JUDGING_FILE_BYTES, source);
  const shown = await git(at.repo, ["cat-file", "blob", source]);
  if (shown.exitCode !== 0) throw new InputError(`cannot read it: ${shown.stderr.trim() || `git exited with ${shown.exitCode}`}`, source);
  return { text: shown.stdout, source };
}
async function readJudgingFile(file, at, what) {
  const inRepo = at ? pathInRepo(at.repo, file) : null;
  if (at && inRepo !== null) {
    const text = await readAtCommit(at, inRepo);
    if (!text) throw new InputError(`not in commit ${at.commit}: the ${what} is read as committed there, never from the pull request's tree`, inRepo);
    return text;
  }
  return { text: await readCapped(file, MAX_JUDGING_FILE_BYTES), source: file };
}
async function changedJudgingFiles(repo, base, head, repoPaths) {
  const changed = [];
  for (const repoPath of [...new Set(repoPaths)].sort()) {
    const [before, after] = await Promise.all([blobAt(repo, base, repoPath), blobAt(repo, head, repoPath)]);
    if (before === after) continue;
    changed.push({ path: repoPath, change: before === null ? "adds" : after === null ? "removes" : "changes" });
  }
  return changed;
}

// src/config/profile.ts
var SettingValue = external_exports.union([external_exports.string(), external_exports.number(), external_exports.boolean()]);
var cpuList2 = external_exports.string().refine((text) => parseCpuList(text) !== null, 'not a CPU list such as "0" or "0-3,6"');
var opsPerClient = external_exports.number().int().positive().max(1e6);
var InstructionsSchema = external_exports.object({
  /** N of the runs of N and 2N operations per client (pgbench transactions, sysbench events) */
  ops_per_client: opsPerClient,
  /**
   * differenced pairs of runs per step and variant: their spread shows the count's noise. At least 3:
   * the verdict needs the two sides' repeats apart, and one or two repeats show no spread to be apart by.
   */
  repeats: external_exports.number().int().min(3, "at least 3: with fewer, the repeats show no spread and the rule that they must not overlap judges nothing").max(20).default(3),
  /** N for steps whose operations cost much more (or less) than the default's: step id -> N */
  ops_per_client_by_step: external_exports.record(external_exports.string(), opsPerClient).optional(),
  /**
   * Steps the channel leaves out on this profile's engine and settings, with the measured reason (their
   * samples are "unavailable", n/a in the report): step id -> why its count does not repeat
   */
  uncounted_steps: external_exports.record(external_exports.string(), external_exports.string().min(1)).optional(),
  aa_spread_by_step: external_exports.record(external_exports.string(), external_exports.number().min(0).max(1)).optional().describe(
    `step id -> the spread of its instruction count measured by A/A runs (the largest (max - min) / median of one side's repeats over the series, a fraction: 0.0004 is 0.04%; \`npm run bench:instructions-aa\` writes these lines). The step's margin is the larger of this and the spread of the base's repeats in the run; its failing and warning lines are at least 1 + ${SPREAD_MULTIPLE} x the margin, its improvement line at most 1 - ${SPREAD_MULTIPLE} x it. A step whose recorded spread would put its failing line above ${MAX_LIFTED_FAIL_ABOVE} is not counted (n/a with the reason). See docs/verdict.md`
  ),
  /**
   * What decides a counted step's CPU verdict: estimated cycles per operation (instructions + 10 x
   * first-level + 100 x last-level cache misses, from valgrind's cache simulation: it sees a change
   * that adds cache misses, or removes them at the cost of a few more instructions), or instructions
   * per operation alone (a shorter counting pass, blind to memory stalls). Instructions per
   * operation are reported either way. The default is estimated cycles for every profile, shipped or
   * a fork's own: a gate that cannot see a memory stall passes one (docs/verdict.md).
   */
  judge: external_exports.enum(["instructions", "estimated_cycles"]).default("estimated_cycles"),
  /** the caches the simulation models where estimated cycles are judged (default: src/measure/simulated-caches.ts, the same on every runner) */
  caches: SimulatedCachesSchema.default(DEFAULT_SIMULATED_CACHES)
}).strict();
var DEFAULT_MAX_CLIENTS = 128;
var REFERENCE_CORES = 2;
var SweepSchema = external_exports.object({
  /** "auto": powers of two from 1 up to twice the runner's CPUs, and that top count (sweepCounts); or the counts, rising */
  clients: external_exports.union([
    external_exports.literal("auto"),
    external_exports.array(external_exports.number().int().positive().max(1024)).min(2).max(16).refine((counts) => counts.every((n, i) => i === 0 || n > counts[i - 1]), "client counts must rise, each once: e.g. [1, 2, 4, 8]")
  ]).default("auto"),
  /** the highest count an `auto` sweep reaches, whatever the runner's CPUs (default 128) */
  max_clients: external_exports.number().int().min(2).max(1024).optional()
}).strict().refine((s) => s.max_clients === void 0 || s.clients === "auto", { message: "max_clients limits clients: auto; a list of counts is measured as given", path: ["max_clients"] });
function sweepCounts(sweep, cores) {
  if (sweep.clients !== "auto") return sweep.clients;
  const top = Math.min(2 * cores, sweep.max_clients ?? DEFAULT_MAX_CLIENTS);
  const counts = [];
  for (let n = 1; n < top; n *= 2) counts.push(n);
  return [...counts, top];
}
var ProfileSchema = external_exports.object({
  name: external_exports.string().regex(/^[a-z0-9][a-z0-9._-]*$/),
  version: external_exports.number().int().nonnegative(),
  engine: external_exports.enum(ENGINE_NAMES).describe("a registered engine (src/engine/index.ts); every step's driver must be able to measure it"),
  description: external_exports.string(),
  /** minutes of a run with both builds cached on an idle 2-core machine (loads, rounds, counting), as measured (docs/measurements.md); absent: not measured */
  expected_minutes: external_exports.number().positive().optional(),
  schedule: external_exports.object({
    /** rounds per step; each round measures every variant once, in ABBA order */
    rounds: external_exports.number().int().min(2),
    /** rounds a step gets even when the time budget is spent */
    min_rounds: external_exports.number().int().min(2),
    /** seconds of each measured interval */
    duration_s: external_exports.number().int().positive(),
    /** seconds of the unrecorded run per variant before a step's first round */
    warmup_s: external_exports.number().int().nonnegative(),
    /** total seconds of measuring for all steps; no more rounds are added beyond it */
    time_budget_s: external_exports.number().positive().nullable(),
    /** adaptive rounds: after min_rounds, look every this many rounds and stop a step whose verdict is settled (src/schedule/sequential.ts) */
    look_every: external_exports.number().int().positive().optional(),
    /** how the looks share alpha; default pocock */
    spending: external_exports.enum(SPENDING_FUNCTIONS).optional(),
    /** restart every variant's server every this many rounds of a step, each followed by warmup_s (src/schedule/interleave.ts restartsBefore); servers only */
    restart_every: external_exports.number().int().positive().optional(),
    /**
     * QPS spread between server processes, from A/A runs of the base (`npm run bench:qps-rule -- --process-spread`):
     * the QPS drop test of a step whose rounds share a server process adds it to their noise (docs/verdict.md)
     */
    process_spread: external_exports.object({
      /** A/A blocks (pairs of processes) the spreads were estimated from: their degrees of freedom */
      df: external_exports.number().int().positive(),
      /** step id -> standard deviation of the log QPS ratio's offset between pairs of processes */
      sd_by_step: external_exports.record(external_exports.string(), external_exports.number().min(0).max(1))
    }).strict().optional()
  }).strict().refine((s) => s.min_rounds <= s.rounds, { message: "min_rounds must not exceed rounds", path: ["min_rounds"] }),
  /** server and client on separate CPUs (src/measure/cpu-affinity.ts): "split", or explicit taskset lists; an embedded engine's one process: "split" or { process } */
  cpu_affinity: external_exports.union([external_exports.literal("split"), external_exports.object({ server: cpuList2, client: cpuList2 }).strict(), external_exports.object({ process: cpuList2 }).strict()]).optional(),
  /** the engine's settings (PostgreSQL: postgresql.conf lines; an embedded engine: the options its instance takes) */
  server_settings: external_exports.record(external_exports.string(), SettingValue),
  /** the deterministic channel: instructions per operation counted under valgrind (src/schedule/instructions.ts); absent: not counted */
  instructions: InstructionsSchema.optional(),
  thresholds: ThresholdsInputSchema.optional(),
  overrides: external_exports.array(ThresholdOverrideSchema).optional(),
  steps: external_exports.array(external_exports.object({ driver: external_exports.string(), sweep: SweepSchema.optional() }).passthrough()).min(1)
}).strict();
function scheduleDeafness(schedule, rounds, alphas, tests) {
  const { minRounds, design } = scheduleDesign(schedule, rounds);
  for (const alpha of new Set(alphas.map((a) => design ? a / tests : a))) {
    const deaf = deafLook(design, minRounds, rounds, alpha);
    if (deaf) return { alpha, deaf };
  }
  return null;
}
function alphasOf(thresholds, overrides) {
  return [thresholds?.alpha ?? DEFAULT_THRESHOLDS.alpha, ...(overrides ?? []).flatMap((o) => o.alpha === void 0 ? [] : [o.alpha])];
}
function embeddedSettingsMessage(engine) {
  return `the ${engine} engine is embedded and takes no server_settings: give its options in the steps' parameters`;
}
function sweptSteps(driver, parameters, counts, stepAt, fail) {
  const parameter = driver.clients;
  if (parameter === void 0) throw fail(`the ${driver.name} driver has no client count to sweep`, "sweep");
  if (parameter in parameters) throw fail(`${parameter} is set by sweep.clients: remove it`, parameter);
  const steps = counts.map((clients) => stepAt({ ...parameters, [parameter]: clients }));
  const groups = steps.map((step, i) => step.id.replace(new RegExp(`\\.[ct]${counts[i]}$`), ""));
  if (new Set(groups).size !== 1 || new Set(steps.map((s) => s.id)).size !== steps.length) {
    throw fail(`the ${driver.name} step ids do not name the client count (${steps.map((s) => s.id).join(", ")})`, "sweep");
  }
  return steps.map((step, i) => ({ ...step, sweep: { group: groups[0], clients: counts[i] } }));
}
function parseProfile(text, source, cores = REFERENCE_CORES) {
  const profile = validateYaml(ProfileSchema, text, source);
  if (engineByName(profile.engine).kind === "embedded") {
    if (Object.keys(profile.server_settings).length > 0) throw new InputError(embeddedSettingsMessage(profile.engine), source, jsonPath(["server_settings"]));
    if (profile.schedule.restart_every !== void 0) {
      throw new InputError(`the ${profile.engine} engine is embedded: it has no server to restart (every run is a process of its own)`, source, jsonPath(["schedule", "restart_every"]));
    }
  }
  const defined = profile.steps.map(({ driver, sweep, ...parameters }, i) => {
    const at = (...field2) => jsonPath(["steps", i, ...field2]);
    const stepAt = (stepParameters) => {
      try {
        return stepFromDefinition({ driver, parameters: stepParameters }, profile.engine);
      } catch (e) {
        if (e instanceof external_exports.ZodError) {
          const issue = e.issues[0];
          throw new InputError(issue?.message ?? "invalid", source, at(...issue?.path ?? []));
        }
        if (e instanceof InputError) throw new InputError(e.message, source, at("driver"));
        throw e;
      }
    };
    const known = DRIVERS[driver];
    if (!sweep || !known) return [stepAt(parameters)];
    return sweptSteps({ ...known, name: driver }, parameters, sweepCounts(sweep, cores), stepAt, (message, field2) => new InputError(message, source, at(field2)));
  });
  const uncounted = profile.instructions?.uncounted_steps ?? {};
  const spreads = profile.instructions?.aa_spread_by_step ?? {};
  const uncountedReason3 = (id) => uncounted[id] ?? (spreads[id] === void 0 ? null : tooNoisyToCount(spreads[id]));
  const steps = defined.flat().map((step) => {
    const reason2 = step.uncounted === void 0 ? uncountedReason3(step.id) : null;
    return reason2 === null ? step : { ...step, uncounted: reason2 };
  });
  const seen = /* @__PURE__ */ new Set();
  defined.forEach(
    (definedSteps, i) => definedSteps.forEach((step) => {
      if (seen.has(step.id)) throw new InputError(`two steps are both "${step.id}"`, source, jsonPath(["steps", i]));
      seen.add(step.id);
    })
  );
  for (const field2 of ["ops_per_client_by_step", "uncounted_steps", "aa_spread_by_step"]) {
    for (const id of Object.keys(profile.instructions?.[field2] ?? {})) {
      if (!seen.has(id)) throw new InputError(`no step "${id}" in this profile`, source, jsonPath(["instructions", field2, id]));
    }
  }
  for (const id of Object.keys(profile.schedule.process_spread?.sd_by_step ?? {})) {
    if (!seen.has(id)) throw new InputError(`no step "${id}" in this profile`, source, jsonPath(["schedule", "process_spread", "sd_by_step", id]));
  }
  const deafness = profile.schedule.time_budget_s === null ? null : scheduleDeafness(profile.schedule, profile.schedule.rounds, alphasOf(profile.thresholds, profile.overrides), steps.length);
  if (deafness) throw new InputError(deafLookMessage(deafness.deaf, deafness.alpha), source, "schedule.min_rounds");
  return { ...profile, steps, hash: createHash2("sha256").update(text).digest("hex"), source };
}
function builtinDir(name) {
  for (let dir = path14.dirname(fileURLToPath(import.meta.url)); ; dir = path14.dirname(dir)) {
    if (existsSync4(path14.join(dir, name, ".")) && existsSync4(path14.join(dir, "package.json"))) return path14.join(dir, name);
    if (path14.dirname(dir) === dir) throw new Error(`db-bench-gate's ${name}/ directory is missing from this installation`);
  }
}
async function loadProfile(nameOrPath, at = null, cores = REFERENCE_CORES) {
  const isPath = nameOrPath.includes("/") || /\.ya?ml$/.test(nameOrPath);
  if (isPath) {
    const { text: text2, source } = await readJudgingFile(nameOrPath, at, "profile");
    return parseProfile(text2, source, cores);
  }
  const file = path14.join(builtinDir("profiles"), `${nameOrPath}.yaml`);
  const text = await readFile4(file, "utf8").catch((e) => {
    if (e.code === "ENOENT") throw new InputError(`no built-in profile "${nameOrPath}"`, "--profile");
    throw new InputError(`cannot read the profile: ${e.code ?? e.message}`, file);
  });
  return parseProfile(text, file, cores);
}

// src/config/plan.ts
function parseVariantFlag(text) {
  const match = /^([A-Za-z0-9][A-Za-z0-9._-]*)=([^:]+)(?::(.*))?$/.exec(text);
  if (!match) throw new InputError(`expected NAME=REF[:CFLAGS] or NAME=REF:CC=... CFLAGS=... LDFLAGS=... (e.g. native=main:-O2 -march=native), got "${text}"`, void 0, "--variant");
  return { id: match[1], ref: match[2], settings: match[3] === void 0 ? {} : parseBuildSettings(match[3], "--variant") };
}
function defaultCacheDir(env = process.env) {
  if (env.DBG_CACHE_DIR) return env.DBG_CACHE_DIR;
  if (process.getuid?.() === 0) return "/var/cache/db-bench-gate";
  return path15.join(env.XDG_CACHE_HOME ?? path15.join(os2.homedir(), ".cache"), "db-bench-gate");
}
function withCflags(recipe, cflags) {
  return cflags === void 0 ? recipe : withSettings(recipe, { cflags, cxxflags: cflags });
}
function variantSpecs(flags, recipe) {
  if (flags.variants.length > 0) {
    if (flags.base || flags.head) throw new InputError("give either --base/--head or --variant, not both", void 0, "--variant");
    const ids = /* @__PURE__ */ new Set();
    for (const v of flags.variants) {
      if (ids.has(v.id)) throw new InputError(`two variants are named "${v.id}"`, void 0, "--variant");
      ids.add(v.id);
    }
    return flags.variants.map((v) => ({ id: v.id, ref: v.ref, recipe: withSettings(withCflags(recipe, flags.cflags), v.settings) }));
  }
  if (!flags.base) throw new InputError("missing the base commit", void 0, "--base");
  if (!flags.head) throw new InputError("missing the head commit", void 0, "--head");
  const r = withCflags(recipe, flags.cflags);
  return [
    { id: "base", ref: flags.base, recipe: r },
    { id: "head", ref: flags.head, recipe: r }
  ];
}
function resolveJudging(profile, config, flags) {
  const overrides = [...profile.overrides ?? [], ...config.overrides ?? []];
  const resolver = thresholdResolver({ ...profile.thresholds, ...config.thresholds, ...flags }, overrides);
  return { thresholds: resolver.run, overrides };
}
function shardPlan(profile, timeBudgetS, shard) {
  const steps = shardSteps(profile.steps, shard);
  if ("error" in steps) throw new InputError(steps.error, profile.source, "shard");
  return { profile: { ...profile, steps }, timeBudgetS: timeBudgetS === null ? null : timeBudgetS * steps.length / profile.steps.length };
}
var DEFAULT_PROFILE = "pg-quick";
async function makePlan(flags, config, thresholdFlags) {
  const whole = await loadProfile(flags.profile ?? config.profile ?? DEFAULT_PROFILE, flags.judgedAt ?? null, (await allowedCpus()).length);
  const engine = engineByName(whole.engine);
  if (engine.kind === "embedded" && Object.keys(config.server_settings ?? {}).length > 0) {
    throw new InputError(embeddedSettingsMessage(engine.name), config.source ?? "config file", "$.server_settings");
  }
  const recipe = mergeRecipe(await loadBuiltinRecipe(engine.recipe), config.recipe ?? {});
  const variants = variantSpecs(flags, recipe);
  const baseVariant = flags.baseVariant ?? variants[0].id;
  if (!variants.some((v) => v.id === baseVariant)) throw new InputError(`"${baseVariant}" is not one of the variants`, void 0, "--base-variant");
  if (flags.prNamespace !== void 0 && !PR_NAMESPACE_PATTERN.test(flags.prNamespace)) {
    throw new InputError(`"${flags.prNamespace}" is not a namespace name: letters, digits, ".", "_" and "-", starting with a letter or digit, at most 128`, void 0, "--cache-namespace");
  }
  const judging = resolveJudging(whole, config, thresholdFlags);
  const rounds = flags.rounds ?? config.rounds;
  const budgetInForce = flags.timeBudgetS ?? config.time_budget_s ?? whole.schedule.time_budget_s;
  const { profile, timeBudgetS } = flags.shard ? shardPlan(whole, budgetInForce, flags.shard) : { profile: whole, timeBudgetS: budgetInForce };
  if (flags.measureQps === false) {
    if (flags.countInstructions === false) throw new InputError("--instructions-only and --no-instructions leave nothing to measure", void 0, "--instructions-only");
    if (!profile.instructions) throw new InputError(`profile ${profile.name} does not count instructions: --instructions-only would measure nothing`, profile.source, "instructions");
  }
  const qpsTests = whole.steps.length * Math.max(1, variants.length - 1);
  if (timeBudgetS !== null && flags.measureQps !== false) {
    const deafness = scheduleDeafness(profile.schedule, rounds ?? profile.schedule.rounds, alphasOf(judging.thresholds, judging.overrides), qpsTests);
    if (deafness) throw new InputError(deafLookMessage(deafness.deaf, deafness.alpha), profile.source, "schedule.min_rounds");
  }
  return {
    run: {
      repo: path15.resolve(flags.repo),
      variants,
      baseVariant,
      profile,
      engine,
      engineSettings: { ...profile.server_settings, ...config.server_settings },
      cacheDir: path15.resolve(flags.cacheDir ?? defaultCacheDir()),
      rounds,
      timeBudgetS,
      trust: flags.trust ?? "pr",
      ...flags.trust !== "trusted" && flags.prNamespace !== void 0 && { prNamespace: flags.prNamespace },
      timeouts: resolveTimeouts(config.timeouts, flags.timeouts),
      runner: flags.runner ?? { name: null, labels: [] },
      ...flags.workDir && { workDir: flags.workDir },
      ...flags.countInstructions === false && { countInstructions: false },
      ...flags.measureQps === false && { measureQps: false },
      ...flags.shard && { shard: flags.shard },
      judging,
      qpsTests
    },
    compare: { baseVariant }
  };
}

// src/results/run-labels.ts
function runLabels(runs) {
  if (runs.length === 1) return [null];
  const labels = runs.map((r) => r.fingerprint.arch);
  return labels.map((label, i) => {
    if (labels.filter((l) => l === label).length === 1) return label;
    const runner = runs[i]?.fingerprint.runner.name;
    return runner ? `${label} ${runner}` : `${label} #${labels.slice(0, i + 1).filter((l) => l === label).length}`;
  });
}
function cpuPlacementText(placement) {
  if (!placement) return "not pinned";
  return "process" in placement ? `engine process on CPU ${placement.process} (embedded)` : `server on CPU ${placement.server}, client on CPU ${placement.client}`;
}

// src/cleanup.ts
var CleanupRegistry = class {
  actions = /* @__PURE__ */ new Map();
  nextId = 0;
  controller = new AbortController();
  draining = Promise.resolve();
  /**
   * Aborted when the run is cancelled (signal or timeout): pass it as execa's `cancelSignal` so that
   * long subprocesses (make, pgbench) stop instead of outliving the cleanup.
   */
  get signal() {
    return this.controller.signal;
  }
  /**
   * Registers `action` (which must tolerate a half-created resource). On a cancelled registry the
   * action runs at once and the caller gets the cancellation error: nothing may start after cleanup.
   */
  async register(label, action) {
    let done;
    const id = this.nextId++;
    const runOnce = () => {
      this.actions.delete(id);
      done ??= action();
      return done;
    };
    if (this.signal.aborted) {
      await runOnce().catch(() => void 0);
      throw this.cancellationError();
    }
    this.actions.set(id, { label, run: runOnce });
    return { run: runOnce };
  }
  /** Aborts `signal` (subprocesses given it stop); later registrations are refused. */
  cancel(reason2) {
    if (!this.signal.aborted) this.controller.abort(reason2);
  }
  /**
   * Cancels subprocesses still running, then runs every action, newest first; never throws. A call
   * while another is running (the run settling during a signal's cleanup) waits for it, so that an
   * older action (a temp dir) never runs before a newer one (the server living in it) is done.
   */
  async runAll(reason2) {
    this.cancel(reason2);
    const drained = this.draining.then(() => this.drain());
    this.draining = drained;
    return drained;
  }
  async drain() {
    const failures = [];
    for (const [, { label, run }] of [...this.actions].reverse()) {
      try {
        await run();
      } catch (err) {
        failures.push(`${label}: ${err.message}`);
      }
    }
    return failures;
  }
  cancellationError() {
    const reason2 = this.signal.reason;
    return reason2 instanceof Error ? reason2 : new PipelineError("the run was cancelled");
  }
};
async function withCleanup(work, options = {}) {
  const registry = new CleanupRegistry();
  const warn = options.warn ?? ((message) => console.error(message));
  const finish = (reason2) => cleanUp(registry, reason2, warn);
  const onSignal = (signal) => {
    removeHandlers();
    const hold = () => void 0;
    process.on("SIGINT", hold);
    process.on("SIGTERM", hold);
    void finish(new PipelineError(`interrupted by ${signal}`)).finally(() => {
      process.off("SIGINT", hold);
      process.off("SIGTERM", hold);
      process.kill(process.pid, signal);
    });
  };
  const removeHandlers = () => {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    return await raceTimeout(work(registry), registry, options.timeoutMs, (s) => `timed out after ${s} s`);
  } finally {
    removeHandlers();
    await finish(new PipelineError("the run finished"));
  }
}
async function cleanUp(registry, reason2, warn) {
  for (const failure2 of await registry.runAll(reason2)) warn(`cleanup: ${failure2}`);
}
async function raceTimeout(work, registry, timeoutMs, message) {
  let timer;
  const timeout = new Promise((_, reject) => {
    if (timeoutMs === void 0) return;
    timer = setTimeout(() => {
      const error = new PipelineError(message(Math.round(timeoutMs / 1e3)));
      reject(error);
      registry.cancel(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
async function withTimeLimit(parent, timeoutMs, message, work, warn) {
  const registry = new CleanupRegistry();
  const handle = await parent.register("a time-limited part of the run", () => cleanUp(registry, new PipelineError("its part of the run finished"), warn));
  const onParentCancel = () => registry.cancel(new PipelineError("the run was cancelled"));
  parent.signal.addEventListener("abort", onParentCancel, { once: true });
  try {
    return await raceTimeout(work(registry), registry, timeoutMs, message);
  } finally {
    parent.signal.removeEventListener("abort", onParentCancel);
    await handle.run();
  }
}

// src/compare/gate.ts
var FAIL_ON = ["regression", "error", "missing", "unstable", "warning", "unjudged"];
var DEFAULT_FAIL_ON = ["regression", "error", "unjudged"];
var FINDINGS = DEFAULT_FAIL_ON;
var NOUN = {
  regression: ["regression", "regressions"],
  error: ["error", "errors"],
  missing: ["missing step", "missing steps"],
  unstable: ["unstable step", "unstable steps"],
  warning: ["warning", "warnings"],
  unjudged: ["nothing could be judged", "nothing could be judged"]
};
function measuredAloneVerdict(s) {
  return s.errors > 0 ? "error" : s.ok === 0 ? "missing" : "unchanged";
}
function gatedResults(subject) {
  if ("measuredAlone" in subject) {
    const steps = subject.measuredAlone;
    const results2 = steps.map((s) => ({ step: s.step, column: null, sweep: null, verdicts: [{ channel: "QPS", verdict: measuredAloneVerdict(s), ratio: null }] }));
    return { results: results2, measured: steps.some((s) => s.ok > 0), judges: false };
  }
  const results = subject.flatMap(
    (c) => c.steps.flatMap(
      (s) => s.variants.map(
        (v) => ({
          step: s.step,
          column: c.label,
          sweep: s.sweep ?? null,
          verdicts: [
            { channel: "QPS", verdict: v.verdict, ratio: v.qps?.estimate ?? null },
            ...v.instructions ? [{ channel: "instr/op", verdict: v.instructions.verdict, ratio: v.instructions.ratio?.estimate ?? null }] : []
          ]
        })
      )
    )
  );
  const measuredStep = (s) => s.absolute.some((a) => a.ok_samples > 0) || s.variants.some((v) => v.instructions?.base || v.instructions?.variant);
  return { results, measured: subject.length > 0 && subject.every((c) => c.steps.some(measuredStep)), judges: true };
}
var UNJUDGED = /* @__PURE__ */ new Set(["unstable", "missing", "error"]);
var judges = (verdict) => verdict !== "n/a" && !UNJUDGED.has(verdict);
function parseFailOn(text) {
  const values = text.split(/[\s,]+/).filter(Boolean);
  const unknown = values.find((v) => !FAIL_ON.includes(v));
  if (unknown !== void 0) return { error: `unknown value "${unknown}": expected a comma-separated list of ${FAIL_ON.join(", ")}` };
  return { failOn: FAIL_ON.filter((v) => values.includes(v)) };
}
function stepsWithVerdict(comparison, verdict) {
  return comparison.steps.filter((s) => s.variants.some((v) => v.verdict === verdict || v.instructions?.verdict === verdict)).map((s) => s.step);
}
function listed(items) {
  return items.length <= 1 ? items[0] ?? "" : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
function sweepWords(group, counts, verb = "") {
  const sorted = [...counts].sort((a, b) => a.clients - b.clients);
  const ratios = sorted.flatMap((c) => c.ratio === null ? [] : [c.ratio.toFixed(2)]);
  const last = sorted[sorted.length - 1]?.clients;
  return `${group}${verb ? ` ${verb}` : ""} at ${listed(sorted.map((c) => String(c.clients)))} client${last === 1 ? "" : "s"}${ratios.length > 0 ? ` (${ratios.join(", ")})` : ""}`;
}
function hitName(first2, counts) {
  const notes = [first2.column, first2.qps ? null : "instr/op"].filter((n) => n !== null);
  const name = first2.sweep ? sweepWords(first2.sweep.group, counts.map((h) => ({ clients: h.sweep.clients, ratio: h.ratio }))) : first2.step;
  return notes.length > 0 ? `${name} (${notes.join(", ")})` : name;
}
function hits(results, verdict) {
  if (verdict === "unjudged") return results.some((r) => r.verdicts.some((v) => judges(v.verdict))) ? { count: 0, steps: [] } : { count: results.length, steps: [] };
  const found = /* @__PURE__ */ new Map();
  let count = 0;
  for (const r of results) {
    const matching = r.verdicts.filter((v) => v.verdict === verdict);
    if (matching.length === 0) continue;
    count++;
    const key = JSON.stringify([r.column, r.step]);
    const earlier = found.get(key);
    const qps = (earlier?.qps ?? false) || matching.some((v) => v.channel === "QPS");
    const ratios = [...earlier && earlier.qps === qps && earlier.ratio !== null ? [earlier.ratio] : [], ...matching.flatMap((v) => v.channel === "QPS" === qps && v.ratio !== null ? [v.ratio] : [])];
    const ratio2 = ratios.length > 0 ? ratios.reduce((a, b) => Math.abs(Math.log(b)) > Math.abs(Math.log(a)) ? b : a) : null;
    found.set(key, { step: r.step, column: r.column, qps, sweep: r.sweep, ratio: ratio2 });
  }
  const groups = /* @__PURE__ */ new Map();
  for (const hit of found.values()) {
    const key = hit.sweep ? JSON.stringify([hit.column, hit.sweep.group, hit.qps]) : JSON.stringify([hit.column, hit.step, hit.qps, "step"]);
    groups.set(key, [...groups.get(key) ?? [], hit]);
  }
  return { count, steps: [...groups.values()].map((group) => hitName(group[0], group)) };
}
function reason(cause, found) {
  const [one, many] = NOUN[cause];
  return { cause, ...found, summary: cause === "unjudged" ? one : `${found.count} ${found.count === 1 ? one : many}` };
}
var NO_SAMPLES = { cause: "no-samples", count: 0, steps: [], summary: "no samples" };
function decideGate(subject, failOn = DEFAULT_FAIL_ON, acceptance = null) {
  const { results, measured, judges: judging } = gatedResults(subject);
  const reasons = measured ? [] : [NO_SAMPLES];
  const ungated = [];
  const regressions = hits(results, "regression");
  let accepted = null;
  for (const cause of FAIL_ON) {
    if (cause === "unjudged" && (!measured || !judging)) continue;
    if (cause === "unjudged" && failOn.includes(cause) && reasons.length > 0) continue;
    const gated = failOn.includes(cause);
    if (!gated && !FINDINGS.includes(cause)) continue;
    const found = cause === "regression" ? regressions : hits(results, cause);
    if (found.count === 0) continue;
    if (cause === "regression" && acceptance && gated) accepted = { ...reason(cause, found), ...acceptance };
    else (gated ? reasons : ungated).push(reason(cause, found));
  }
  return { verdict: reasons.length > 0 ? "fail" : "pass", reasons, regressions: regressions.count, accepted, ungated, failOn };
}
function judgedWords(comparisons) {
  const cells = /* @__PURE__ */ new Map();
  for (const c of comparisons) for (const s of c.steps) cells.set(s.step, [...cells.get(s.step) ?? [], ...s.variants]);
  const steps = [...cells.values()];
  const count = (test) => steps.filter(test).length;
  const cpuOf = (v) => v.instructions?.verdict ?? "n/a";
  const qpsOpen = (vs) => vs.some((v) => UNJUDGED.has(v.verdict));
  const cpuOpen = (vs) => vs.some((v) => UNJUDGED.has(cpuOf(v)));
  const qpsJudged = (vs) => vs.every((v) => judges(v.verdict));
  const cpuJudged = (vs) => vs.every((v) => judges(cpuOf(v)));
  const judged3 = count((vs) => !qpsOpen(vs) && !cpuOpen(vs) && (qpsJudged(vs) || cpuJudged(vs)));
  const of = (n) => stepsOf(n, steps.length);
  const qpsNotMeasured = count((vs) => vs.every((v) => v.verdict === "n/a"));
  const counts = steps.some((vs) => vs.some((v) => v.instructions));
  const cpuNotCounted = counts ? count((vs) => vs.every((v) => cpuOf(v) === "n/a")) : 0;
  const notes = [
    ...qpsNotMeasured > 0 ? [`QPS not measured on ${of(qpsNotMeasured)}`] : [],
    ...count(qpsOpen) > 0 ? [`QPS inconclusive on ${of(count(qpsOpen))}`] : [],
    ...cpuNotCounted > 0 ? [`instr/op not counted on ${of(cpuNotCounted)}`] : [],
    ...count(cpuOpen) > 0 ? [`instr/op inconclusive on ${of(count(cpuOpen))}`] : []
  ];
  const whole = qpsNotMeasured === steps.length ? "No CPU regression" : cpuNotCounted === steps.length ? "No QPS regression" : "No regression";
  const claim = judged3 === steps.length ? whole : partialClaim(steps.length, { cpu: count(cpuJudged), qps: count(qpsJudged), both: judged3 });
  return { claim, notes };
}
var stepsOf = (n, total) => `${n} of ${total} step${total === 1 ? "" : "s"}`;
function partialClaim(steps, judged3) {
  const of = (n) => stepsOf(n, steps);
  if (judged3.cpu === steps) return "No CPU regression";
  if (judged3.qps === steps) return "No QPS regression";
  if (judged3.cpu > 0 && (judged3.cpu > judged3.both || judged3.qps === 0)) return `No CPU regression on ${of(judged3.cpu)}`;
  return judged3.both > 0 ? `No regression on ${of(judged3.both)}` : "Nothing could be judged";
}
function verdictWords(comparisons, decision) {
  const { claim, notes } = judgedWords(comparisons);
  if (decision.verdict === "fail") return [gateHeadline(decision), ...decision.reasons.some((r) => r.cause === "unjudged") ? notes : []].join(" \xB7 ");
  const accepted = decision.accepted ? `${decision.accepted.summary} accepted by @${decision.accepted.by}` : "";
  const lead = [ungatedHeadline(decision), accepted].filter(Boolean);
  return [...lead.length > 0 ? lead : [claim], ...notes].join(" \xB7 ");
}
function ungatedHeadline(decision) {
  if (decision.ungated.length === 0) return "";
  return `${decision.ungated.map((r) => r.summary).join(", ")}, not gated (fail-on: ${decision.failOn.length > 0 ? decision.failOn.join(", ") : "none"})`;
}
function gateHeadline(decision) {
  const causes = decision.reasons.map((r) => r.cause).filter((c) => c !== "no-samples");
  const summaries = decision.reasons.map((r) => r.summary).join(", ");
  return causes.length > 0 ? `${summaries} (fail-on: ${causes.join(", ")})` : summaries;
}
function gateMessage(decision) {
  return decision.reasons.map((r) => r.steps.length > 0 ? `${r.summary}: ${r.steps.join(", ")}` : r.summary).join("; ");
}

// src/compare/noise.ts
var NOISE_FLOOR_CAP = 0.1;
function chooseNoiseFloor(floors, step, pairs, runner) {
  const ofStep = floors.filter((f) => f.step === step);
  if (ofStep.length === 0) return { kind: "none" };
  const here = ofStep.filter((f) => f.hostname_hash === runner.hostname_hash);
  if (here.length === 0) return { kind: "not-applied", note: `the A/A noise floor was measured on another runner (${ofStep[0].hostname_hash}): not applied` };
  const floor = here.find((f) => f.rounds === pairs);
  if (!floor) return { kind: "not-applied", note: `the A/A noise floor was measured at ${here.map((f) => f.rounds).join(", ")} rounds, this verdict at ${pairs}: not applied` };
  const spread = Math.min(floor.relative_spread, NOISE_FLOOR_CAP);
  return { kind: "applied", spread, measured: floor.relative_spread, capped: floor.relative_spread > NOISE_FLOOR_CAP };
}

// src/compare/compare.ts
var opsPerSecond = (s) => s.ops_per_s;
var latencyP95 = (s) => s.latency_ms?.p95 ?? null;
var metric = (key) => (s) => s.metrics?.[key] ?? null;
var lsmMetric = (key) => (s) => s.lsm_metrics?.[key] ?? null;
function ratioOf2(shift, logRatios, blocks) {
  const { estimate: estimate2, ci_low, ci_high, confidence, p_value, n } = shift;
  return {
    ratio: { estimate: Math.exp(estimate2), ci_low: Math.exp(ci_low), ci_high: Math.exp(ci_high), confidence, p_value, n },
    min_p_value: shift.min_p_value,
    logRatios,
    blocks
  };
}
function processBlocks(pairs, logRatios) {
  if (pairs.some(([b, v]) => b.process === void 0 || v.process === void 0)) return null;
  const blocks = /* @__PURE__ */ new Map();
  pairs.forEach(([b, v], i) => {
    const key = `${b.process}/${v.process}`;
    const block = blocks.get(key) ?? [];
    block.push(logRatios[i]);
    blocks.set(key, block);
  });
  return [...blocks.values()];
}
var isOk2 = (s) => s.status === "ok";
var present = (v) => v !== null;
function pairedEstimator(base, variant) {
  const baseByRound = new Map(base.filter(isOk2).map((s) => [s.round, s]));
  const pairs = variant.filter(isOk2).flatMap((v) => {
    const b = baseByRound.get(v.round);
    return b ? [[b, v]] : [];
  });
  return (pick, alpha) => {
    const picked = pairs.filter(([b, v]) => present(pick(b)) && present(pick(v)));
    const values = picked.map(([b, v]) => [pick(b), pick(v)]);
    if (values.length === 0 || values.some(([b, v]) => b <= 0 || v <= 0)) return null;
    const logRatios = values.map(([b, v]) => Math.log(v) - Math.log(b));
    return ratioOf2(pairedShift(logRatios, alpha), logRatios, processBlocks(picked, logRatios));
  };
}
function unpairedEstimator(base, variant) {
  return (pick, alpha) => {
    const b = base.filter(isOk2).map(pick).filter(present);
    const v = variant.filter(isOk2).map(pick).filter(present);
    if (b.length === 0 || v.length === 0 || [...b, ...v].some((x) => x <= 0)) return null;
    return ratioOf2(unpairedShift(v.map(Math.log), b.map(Math.log), alpha), null, null);
  };
}
var pText = (p) => p >= 1e-3 || p === 0 ? String(Number(p.toPrecision(2))) : p.toExponential(1);
var levelText = (alpha) => String(Number(alpha.toPrecision(2)));
function decide(base, variant, errors, qps, t, floor, drop) {
  const [first2] = errors;
  if (first2) {
    const count = errors.length === 1 ? "1 sample" : `${errors.length} samples`;
    return { verdict: "error", reason: `${count} failed; ${first2.variant} round ${first2.round}: ${brief(first2.message)}` };
  }
  const baseOk = base.samples.filter(isOk2).length;
  if (variant.samples.length === 0 && variant.measured && baseOk > 0) {
    return { verdict: "error", reason: `no sample of ${variant.label}, while ${base.label} has ${baseOk === 1 ? "1 ok sample" : `${baseOk} ok samples`}` };
  }
  const without = [base, variant].filter((side) => !side.samples.some(isOk2)).map((side) => side.label);
  if (without.length > 0) return { verdict: "missing", reason: `no ok samples of ${without.join(" or ")}` };
  if (!qps) return { verdict: "missing", reason: `no round has ok samples of both ${base.label} and ${variant.label}` };
  const behind = writerFellBehind(base, variant);
  if (behind) return { verdict: "unstable", reason: behind };
  const { ratio: q, min_p_value } = qps;
  const p = q.p_value ?? 1;
  const significant = p < t.alpha;
  const limits = [t.fail_below, t.warn_below, t.improve_above];
  const qpsText = `relative QPS ${valueAgainst(q.estimate, limits)} (${valueAgainst(q.ci_low, limits)}\u2013${valueAgainst(q.ci_high, limits)})`;
  const alphaText = levelText(t.alpha);
  const significance = `p = ${pText(p)} < ${alphaText}`;
  const floorText = `the A/A noise floor \xB1${(floor * 100).toFixed(1)}%`;
  if (!significant && min_p_value >= t.alpha) {
    return { verdict: "unstable", reason: `too few values (n = ${q.n}): the smallest possible p-value ${pText(min_p_value)} is not below ${alphaText}` };
  }
  const dropFound = drop ? drop.p_value < drop.level : significant;
  const dropText = drop ? `one-sided t-test p = ${pText(drop.p_value)} ${dropFound ? "<" : "is not below"} ${levelText(drop.level)} (\u03B1 ${alphaText} over ${drop.tests === 1 ? "1 test" : `${drop.tests} tests`}${unitsText(drop)})` : significance;
  if (dropFound && q.estimate < t.fail_below && q.estimate < 1 - floor) return { verdict: "regression", reason: `${qpsText} is below ${formatLimit(t.fail_below)}, ${dropText}` };
  if (dropFound && q.estimate < t.fail_below) return { verdict: "warning", reason: `${qpsText} is below ${formatLimit(t.fail_below)} but within ${floorText}, ${dropText}` };
  if (significant && q.estimate < t.fail_below) return { verdict: "warning", reason: `${qpsText} is below ${formatLimit(t.fail_below)}, ${significance}, but ${dropText}` };
  if ((dropFound || significant) && q.estimate < t.warn_below) return { verdict: "warning", reason: `${qpsText} is below ${formatLimit(t.warn_below)}, ${dropFound ? dropText : significance}` };
  if (significant && q.estimate > t.improve_above) return { verdict: "improvement", reason: `${qpsText} is above ${formatLimit(t.improve_above)}, ${significance}` };
  if (q.ci_low < t.fail_below) {
    return { verdict: "unstable", reason: `${qpsText} reaches below ${formatLimit(t.fail_below)} and p = ${pText(p)}: too noisy to rule out a regression` };
  }
  return {
    verdict: "unchanged",
    reason: significant ? `${qpsText}, ${significance}, is within ${formatLimit(t.warn_below)}\u2013${formatLimit(t.improve_above)}` : `${qpsText}, p = ${pText(p)}: no significant change`
  };
}
var QPS_NOT_MEASURED = { verdict: "n/a", reason: "QPS not measured: the run counted instructions per operation only (--instructions-only)" };
var CPU_SHARE_OF_LOSS = 0.5;
var NOTABLE_RISE = 0.1;
var IO_METRICS = ["r_per_op", "rkb_per_op", "wkb_per_op"];
function whyHints(qps, metrics) {
  const rise = (key) => {
    const ratio2 = metrics[key];
    return ratio2 ? ratio2.estimate - 1 : null;
  };
  const hints = [];
  const cpu = rise("cpu_us_per_op");
  if (cpu !== null && cpu > 0 && cpu >= CPU_SHARE_OF_LOSS * (1 - qps.estimate)) hints.push(`${METRIC_NAMES.cpu_us_per_op} ${formatChange(cpu)}`);
  const cs = rise("cs_per_op");
  if (cs !== null && cs > NOTABLE_RISE) hints.push(`${METRIC_NAMES.cs_per_op} ${formatChange(cs)} (context switches: contention?)`);
  const io = IO_METRICS.flatMap((key) => {
    const r = rise(key);
    return r !== null && r > NOTABLE_RISE ? [`${METRIC_NAMES[key]} ${formatChange(r)}`] : [];
  });
  if (io.length > 0) hints.push(`IO/op up: ${io.join(", ")}`);
  return hints;
}
function writerFellBehind(...sides2) {
  const behind = sides2.flatMap(
    ({ label, samples }) => samples.flatMap((s) => s.status === "ok" && s.background_writer && !s.background_writer.kept_rate ? [{ label, round: s.round, writer: s.background_writer }] : [])
  );
  const [first2] = behind;
  if (!first2) return null;
  const count = new Set(behind.map((b) => b.round)).size;
  const rounds = count === 1 ? "1 round" : `${count} rounds`;
  return `the background writer fell behind its ${first2.writer.target_rows_per_s} rows/s in ${rounds} (${first2.label} round ${first2.round}: ${first2.writer.rows_per_s.toFixed(0)} rows/s): QPS not judged`;
}
function errorsOf2({ label, samples }) {
  return samples.flatMap((s) => s.status === "error" ? [{ variant: label, round: s.round, message: s.error.message, log_excerpt: s.error.log_excerpt }] : []);
}
function summarize(label, samples) {
  const ok = samples.filter(isOk2);
  const medianOf = (pick) => {
    const values = ok.map(pick).filter(present);
    return values.length > 0 ? median(values) : null;
  };
  const maxOf = (pick) => {
    const values = ok.map(pick).filter(present);
    return values.length > 0 ? max(values) : null;
  };
  return {
    variant: label,
    ops_per_s: medianOf(opsPerSecond),
    metrics: ok.some((s) => s.metrics) ? Object.fromEntries(METRIC_KEYS.map((k) => [k, medianOf(metric(k))])) : null,
    latency_p95_ms: medianOf(latencyP95),
    latency_avg_ms: medianOf((s) => s.latency_ms?.avg ?? null),
    latency_p50_ms: medianOf((s) => s.latency_ms?.p50 ?? null),
    latency_p90_ms: medianOf((s) => s.latency_ms?.p90 ?? null),
    latency_p99_ms: medianOf((s) => s.latency_ms?.p99 ?? null),
    latency_p99_9_ms: medianOf((s) => s.latency_ms?.p99_9 ?? null),
    latency_max_ms: maxOf((s) => s.latency_ms?.max ?? null),
    stall_percent: medianOf((s) => s.stall_percent ?? null),
    lsm_metrics: ok.some((s) => s.lsm_metrics) ? Object.fromEntries(LSM_METRIC_KEYS.map((k) => [k, medianOf(lsmMetric(k))])) : null,
    writer_rows_per_s: medianOf((s) => s.background_writer?.rows_per_s ?? null),
    database_bytes: medianOf((s) => s.database_bytes ?? null),
    server_rss_bytes: maxOf((s) => s.server_rss_bytes ?? null),
    client_cpu_share: maxOf((s) => s.client_cpu_share),
    ok_samples: ok.length,
    error_samples: samples.length - ok.length,
    duration_s: samples.reduce((sum2, s) => sum2 + s.duration_s, 0)
  };
}
var indexSamples = (results) => indexByStepAndVariant(results.samples, { field: "samples", what: "sample", unit: (s) => ({ name: "round", value: s.round }) });
function testedThresholds(plan, t, pairs) {
  if (plan.mode === "unpaired") return { ...t, alpha: t.alpha / plan.tests };
  const design = plan.results.run.sequential;
  if (!design || pairs === void 0) return t;
  return { ...t, alpha: lookAlpha({ minRounds: design.min_rounds, maxRounds: design.max_rounds, lookEvery: design.look_every, spending: design.spending }, t.alpha / plan.tests, pairs) };
}
function floorFields(choice) {
  switch (choice.kind) {
    case "none":
      return {};
    case "not-applied":
      return { noise_floor_note: choice.note };
    case "applied":
      return {
        noise_floor: choice.spread,
        ...choice.capped && { noise_floor_note: `the A/A noise floor \xB1${(choice.measured * 100).toFixed(1)}% is capped at \xB1${(NOISE_FLOOR_CAP * 100).toFixed(0)}%` }
      };
  }
}
function dropTest(plan, step, qps, t) {
  if (plan.qpsRule !== "one-sided-t" || plan.mode !== "paired" || plan.results.run.sequential || !qps?.logRatios) return null;
  const test = blockDropTest(qps.blocks ?? qps.logRatios.map((x) => [x]), step.qps_process_spread ?? null);
  return { p_value: test.p_value, level: t.alpha / plan.tests, tests: plan.tests, df: test.df, blocks: test.blocks, method: qps.blocks ? test.method : "unrecorded" };
}
function unitsText(drop) {
  const pairs = drop.blocks === 1 ? "1 pair of server processes" : `${drop.blocks} pairs of server processes`;
  switch (drop.method) {
    case "rounds":
    case "unrecorded":
      return "";
    case "recorded":
      return `; rounds from ${pairs}, their A/A spread added, df ${drop.df.toFixed(1)}`;
    case "block-means":
      return `; the means of ${pairs} tested (no A/A spread between processes recorded)`;
    case "untestable":
      return `; every round from ${pairs} and no A/A spread between processes recorded: a drop cannot be told from their offset`;
  }
}
function compareVariant(plan, step, label, configured) {
  const base = { label: plan.baseLabel, samples: plan.samplesOf(step.id, plan.baseLabel) };
  const variant = { label, samples: plan.samplesOf(step.id, label), measured: plan.results.steps.some((s) => s.id === step.id) };
  const estimator = plan.estimator(base.samples, variant.samples);
  const where = `step ${step.id}, ${label} against ${base.label}`;
  const estimate2 = (pick, alpha) => {
    const found = estimator(pick, alpha);
    if (found) checkRatios([found.ratio.estimate, found.ratio.ci_low, found.ratio.ci_high], where, "samples");
    return found;
  };
  const atConfigured = estimate2(opsPerSecond, configured.alpha);
  const pairs = atConfigured?.ratio.n;
  const t = testedThresholds(plan, configured, pairs);
  const rounds = plan.mode === "paired" ? pairs : variant.samples.filter(isOk2).length;
  const floor = pairs === void 0 || rounds === void 0 ? { kind: "none" } : chooseNoiseFloor(plan.noiseFloor, step.id, rounds, plan.results.fingerprint);
  const qps = t.alpha === configured.alpha ? atConfigured : estimate2(opsPerSecond, t.alpha);
  const metrics = Object.fromEntries(METRIC_KEYS.map((k) => [k, estimate2(metric(k), t.alpha)?.ratio ?? null]));
  const errors = [...errorsOf2(base), ...errorsOf2(variant)];
  const drop = dropTest(plan, step, qps, t);
  const { verdict, reason: reason2 } = plan.results.run.qps_measured === false ? QPS_NOT_MEASURED : decide(base, variant, errors, qps, t, floor.kind === "applied" ? floor.spread : 0, drop);
  const instructions = plan.instructionsOf ? compareInstructions({ label: plan.baseLabel, samples: plan.instructionsOf(step.id, plan.baseLabel) }, { label, samples: plan.instructionsOf(step.id, label) }, t, {
    aaSpread: step.instructions_aa_spread
  }) : null;
  if (instructions?.ratio) checkRatios([instructions.ratio.estimate, instructions.ratio.low, instructions.ratio.high], `${where}, instructions per op`, "instructions");
  const cycles = instructions?.estimated_cycles?.ratio;
  if (cycles) checkRatios([cycles.estimate, cycles.low, cycles.high], `${where}, estimated cycles per op`, "instructions");
  return {
    variant: label,
    verdict,
    reason: reason2,
    thresholds: t,
    ...t.alpha !== configured.alpha && { configured_alpha: configured.alpha },
    ...floorFields(floor),
    qps: qps?.ratio ?? null,
    ...drop && { qps_drop_test: drop },
    metrics,
    lsm_metrics: Object.fromEntries(LSM_METRIC_KEYS.map((k) => [k, estimate2(lsmMetric(k), t.alpha)?.ratio ?? null])),
    latency_p95: estimate2(latencyP95, t.alpha)?.ratio ?? null,
    hints: qps && (verdict === "regression" || verdict === "warning") ? whyHints(qps.ratio, metrics) : [],
    errors,
    instructions
  };
}
function buildComparison(plan, options) {
  const stored = plan.results.thresholds;
  const overrides = [...stored?.overrides ?? [], ...options.overrides ?? []];
  const thresholds = thresholdResolver({ ...stored?.run, ...options.thresholds }, overrides);
  const steps = plan.steps.map((step) => {
    const t = thresholds.forStep(step.id);
    return {
      step: step.id,
      driver: step.driver,
      parameters: step.parameters,
      ...step.sweep && { sweep: step.sweep },
      absolute: [plan.baseLabel, ...plan.variants].map((label) => summarize(label, plan.samplesOf(step.id, label))),
      variants: plan.variants.map((label) => compareVariant(plan, step, label, t))
    };
  });
  const counts = Object.fromEntries(VERDICTS.map((v) => [v, 0]));
  for (const step of steps) for (const v of step.variants) counts[v.verdict]++;
  const instructionCounts = plan.instructionsOf ? Object.fromEntries(INSTRUCTION_VERDICTS.map((v) => [v, 0])) : null;
  if (instructionCounts) {
    for (const step of steps) for (const v of step.variants) if (v.instructions) instructionCounts[v.instructions.verdict]++;
  }
  const { run, fingerprint, engine, profile, variants } = plan.results;
  const failOn = [...options.failOn ?? DEFAULT_FAIL_ON];
  const accepted = options.acceptance ?? null;
  const gated = [{ steps, label: options.label ?? null }];
  const gate = decideGate(gated, failOn, accepted);
  return {
    schema: "db-bench-gate/comparison",
    version: 1,
    label: options.label ?? null,
    mode: plan.mode,
    base_variant: plan.baseLabel,
    variants: plan.variants,
    thresholds: thresholds.run,
    overrides,
    steps,
    counts,
    instruction_counts: instructionCounts,
    verdict: gate.verdict,
    verdict_summary: verdictWords(gated, gate),
    fail_on: failOn,
    accepted,
    context: {
      run_id: run.id,
      started_at: run.started_at,
      finished_at: run.finished_at,
      budget_exhausted: run.budget_exhausted,
      qps_measured: run.qps_measured ?? true,
      cpu_placement: run.cpu_placement ?? null,
      notes: run.notes,
      fingerprint,
      engine,
      profile,
      variants,
      baseline: plan.baseline
    }
  };
}
function variantOf(results, id, what) {
  const variant = results.variants.find((v) => v.id === id);
  if (!variant) throw new InputError(`"${id}" is not a variant of ${what} (${results.variants.map((v) => v.id).join(", ")})`, void 0, "base_variant");
  return variant;
}
function compareRun(results, options = {}) {
  const baseLabel = options.baseVariant ?? results.base_variant;
  variantOf(results, baseLabel, "the run");
  const variants = results.variants.map((v) => v.id).filter((id) => id !== baseLabel);
  if (variants.length === 0) throw new InputError(`the run has no variant besides the base ${baseLabel}: nothing to compare (compare against a baseline instead)`, void 0, "variants");
  return buildComparison(
    {
      mode: "paired",
      results,
      baseLabel,
      variants,
      steps: results.steps,
      samplesOf: indexSamples(results),
      instructionsOf: results.instructions ? indexInstructionSamples(results.instructions) : null,
      estimator: pairedEstimator,
      baseline: null,
      noiseFloor: options.noiseFloor ?? results.noise_floor ?? [],
      qpsRule: options.qpsRule ?? "one-sided-t",
      tests: results.steps.length * variants.length * (options.columns ?? 1)
    },
    options
  );
}
var BASELINE_LABEL_PREFIX = "baseline:";
function compareAgainstBaseline(current, baseline, options = {}) {
  const baseVariant = variantOf(baseline, options.baseVariant ?? baseline.base_variant, "the baseline");
  const baseLabel = `${BASELINE_LABEL_PREFIX}${baseVariant.id}`;
  const currentSamples = indexSamples(current);
  const baselineSamples = indexSamples(baseline);
  const currentSteps = new Set(current.steps.map((s) => s.id));
  const currentInstructions = current.instructions && indexInstructionSamples(current.instructions);
  const baselineInstructions = baseline.instructions && indexInstructionSamples(baseline.instructions);
  return buildComparison(
    {
      mode: "unpaired",
      results: current,
      baseLabel,
      variants: current.variants.map((v) => v.id),
      steps: [...current.steps, ...baseline.steps.filter((s) => !currentSteps.has(s.id))],
      samplesOf: (step, label) => label === baseLabel ? baselineSamples(step, baseVariant.id) : currentSamples(step, label),
      // both runs must have counted: a baseline from before counting has nothing to compare against
      instructionsOf: currentInstructions && baselineInstructions ? (step, label) => label === baseLabel ? baselineInstructions(step, baseVariant.id) : currentInstructions(step, label) : null,
      estimator: unpairedEstimator,
      baseline: { run_id: baseline.run.id, fingerprint: baseline.fingerprint, variant: baseVariant },
      noiseFloor: options.noiseFloor ?? baseline.noise_floor ?? [],
      // unpaired: no rounds to pair, the signed-rank rule judges (QPS_RULES)
      qpsRule: "signed-rank",
      tests: current.steps.length * current.variants.length * (options.columns ?? 1)
    },
    options
  );
}

// src/results/function-profiles.ts
import { mkdir as mkdir7, readdir as readdir4 } from "node:fs/promises";
import path16 from "node:path";

// src/compare/functions.ts
var MIN_LISTED_SHARE = 2e-3;
var LISTED_FUNCTIONS = 5;
var EXPLAINED_ENOUGH = 0.5;
var judged2 = (cost, cacheSim) => cacheSim ? cost[0] + CYCLES_PER_L1_MISS * cost[1] + CYCLES_PER_LL_MISS * cost[2] : cost[0];
var perOp = (cost, side) => judged2(cost, side.cacheSim) / side.ops;
function largestLineChange(base, head, sides2, sign) {
  if (!head) return null;
  let best = null;
  for (const [key, cost] of Object.entries(head.lines)) {
    const { file, line } = lineOf(key);
    if (line <= 0) continue;
    const before = base?.lines[key];
    const change = perOp(cost, sides2.head) - (before ? perOp(before, sides2.base) : 0);
    if (!best || sign * change > sign * best.change) best = { file, line, change };
  }
  return best;
}
function largestCaller(base, head, sides2, sign) {
  const byCaller = /* @__PURE__ */ new Map();
  const add = (fn, side, factor) => {
    for (const [key, cost] of Object.entries(fn?.callers ?? {})) {
      const { caller, line } = callerOf(key);
      const value = perOp(cost, side);
      const entry = byCaller.get(caller) ?? { change: 0, line, lineCost: -Infinity };
      entry.change += factor * value;
      if (factor > 0 && value > entry.lineCost) Object.assign(entry, { line, lineCost: value });
      byCaller.set(caller, entry);
    }
  };
  add(base, sides2.base, -1);
  add(head, sides2.head, 1);
  let best = null;
  for (const [caller, { change, line }] of byCaller) {
    if (!best || sign * change > sign * best.change) best = { ...functionIdOf(caller), line, change };
  }
  return best && sign * best.change > 0 ? best : null;
}
function callChanges(sides2, threshold) {
  const edges = (side) => {
    const map = /* @__PURE__ */ new Map();
    for (const [callee, fn] of Object.entries(side.profile.functions)) {
      for (const [key, cost] of Object.entries(fn.callers)) {
        const { caller, line } = callerOf(key);
        const edge = `${caller}${callee}`;
        const entry = map.get(edge) ?? { caller, line, callee, cost: 0 };
        entry.cost += perOp(cost, side);
        map.set(edge, entry);
      }
    }
    return map;
  };
  const [base, head] = [edges(sides2.base), edges(sides2.head)];
  const ran = (side, edges2) => /* @__PURE__ */ new Set([...Object.keys(side.profile.functions), ...[...edges2.values()].map((e) => e.caller)]);
  const [ranInBase, ranInHead] = [ran(sides2.base, base), ran(sides2.head, head)];
  const inBoth = (key) => ranInBase.has(key) && ranInHead.has(key);
  const changes = [];
  const collect = (from, other, sign) => {
    for (const [edge, { caller, line, callee, cost }] of from) {
      if (other.has(edge) || !inBoth(caller) || cost < threshold) continue;
      changes.push({ caller: { ...functionIdOf(caller), line }, callee: functionIdOf(callee), change: sign * cost });
    }
  };
  collect(head, base, 1);
  collect(base, head, -1);
  return changes.sort((a, b) => Math.abs(b.change) - Math.abs(a.change));
}
function compareFunctions(base, head, noise) {
  const sides2 = { base, head };
  const cacheSim = base.cacheSim && head.cacheSim;
  const sideOf = (side) => ({ ...side, cacheSim });
  const [b, h] = [sideOf(base), sideOf(head)];
  const baseTotal = perOp(base.profile.total, b);
  const headTotal = perOp(head.profile.total, h);
  const change = headTotal - baseTotal;
  const threshold = Math.max(MIN_LISTED_SHARE, noise) * baseTotal;
  const sign = change >= 0 ? 1 : -1;
  const keys = /* @__PURE__ */ new Set([...Object.keys(base.profile.functions), ...Object.keys(head.profile.functions)]);
  const functions = [];
  for (const key of keys) {
    const [before, after] = [base.profile.functions[key], head.profile.functions[key]];
    const id = functionIdOf(key);
    const [bv, hv] = [before ? perOp(before.self, b) : 0, after ? perOp(after.self, h) : 0];
    if (bv === 0 && hv === 0) continue;
    const delta = hv - bv;
    const fnSign = delta >= 0 ? 1 : -1;
    functions.push({
      ...id,
      base: bv,
      head: hv,
      baseInstructions: before ? before.self[0] / base.ops : 0,
      headInstructions: after ? after.self[0] / head.ops : 0,
      change: delta,
      relative: bv === 0 ? null : delta / bv,
      status: bv === 0 ? "new" : hv === 0 ? "gone" : "changed",
      line: largestLineChange(before, after, sides2, fnSign),
      caller: largestCaller(before, after, { base: b, head: h }, fnSign)
    });
  }
  functions.sort((x, y) => Math.abs(y.change) - Math.abs(x.change) || (x.name < y.name ? -1 : 1));
  const passing = functions.filter((f) => Math.abs(f.change) >= threshold && Math.abs(change) >= threshold && Math.sign(f.change) === sign);
  const listed2 = passing.slice(0, LISTED_FUNCTIONS);
  const explained2 = change === 0 ? 0 : listed2.reduce((sum2, f) => sum2 + f.change, 0) / change;
  const callGraph = base.profile.callGraph && head.profile.callGraph;
  return {
    judged: cacheSim ? "estimated_cycles" : "instructions",
    base: baseTotal,
    head: headTotal,
    change,
    threshold,
    functions,
    listed: listed2,
    explained: explained2,
    beyondListed: passing.length - listed2.length,
    spreadThinly: Math.abs(change) >= threshold && explained2 < EXPLAINED_ENOUGH,
    calls: callGraph && Math.abs(change) >= threshold ? callChanges({ base: b, head: h }, threshold) : [],
    callGraph,
    ...head.inTree && { inTree: head.inTree }
  };
}

// src/report/format.ts
var NONE = "\u2014";
var grouped = /* @__PURE__ */ new Map();
function groupedFormat(decimals) {
  let format = grouped.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    grouped.set(decimals, format);
  }
  return format;
}
function sensibleDecimals(value) {
  const magnitude = Math.abs(value);
  if (magnitude >= 100 || magnitude === 0) return 0;
  if (magnitude >= 10) return 1;
  if (magnitude >= 1) return 2;
  return 3;
}
function formatAmount(value) {
  if (value === null || value === void 0 || Number.isNaN(value)) return NONE;
  if (!Number.isFinite(value)) return value > 0 ? "\u221E" : "-\u221E";
  return groupedFormat(sensibleDecimals(value)).format(value);
}
function formatRatio(value) {
  if (value === null || value === void 0 || Number.isNaN(value)) return NONE;
  if (!Number.isFinite(value)) return value > 0 ? "\u221E" : "-\u221E";
  return value.toFixed(2);
}
function formatInterval(ratio2) {
  if (!ratio2) return NONE;
  return `${formatRatio(ratio2.estimate)} (${formatRatio(ratio2.ci_low)}\u2013${formatRatio(ratio2.ci_high)})`;
}
var compact = new Intl.NumberFormat("en-US", { notation: "compact", minimumSignificantDigits: 3, maximumSignificantDigits: 3 });
function formatCount(value) {
  if (value === null || value === void 0 || !Number.isFinite(value)) return NONE;
  return compact.format(value).replace("K", "k");
}
function formatSpread(fraction) {
  const percent2 = Math.abs(fraction) * 100;
  if (percent2 === 0) return "0%";
  if (percent2 < 5e-3) return "<0.01%";
  return `${percent2 < 1 ? percent2.toFixed(2) : percent2 < 10 ? percent2.toFixed(1) : Math.round(percent2)}%`;
}
function formatInstructionRatio(ratio2, liftedFailAbove = null) {
  if (!ratio2) return NONE;
  const line = liftedFailAbove === null ? "" : `; fails above ${formatLimit(liftedFailAbove)}`;
  return `${ratio2.estimate.toFixed(3)} (repeats ${ratio2.low.toFixed(3)}\u2013${ratio2.high.toFixed(3)}${line})`;
}
function formatPercent(share) {
  if (share === null || share === void 0 || !Number.isFinite(share)) return NONE;
  return `${Math.round(share * 100)}%`;
}
function formatDuration(seconds) {
  if (!Number.isFinite(seconds) || seconds < 0) return NONE;
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)}s`;
  const total = Math.round(seconds);
  const pad = (n) => String(n).padStart(2, "0");
  if (total < 3600) return `${Math.floor(total / 60)}m ${pad(total % 60)}s`;
  return `${Math.floor(total / 3600)}h ${pad(Math.floor(total % 3600 / 60))}m`;
}
function formatTsvNumber(value, decimals) {
  if (value === null || value === void 0 || Number.isNaN(value)) return "NA";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  return value.toFixed(decimals);
}
function shortSha(commit) {
  return commit.slice(0, 12);
}
function plural(count, singular, pluralForm = `${singular}s`) {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

// src/report/escape.ts
function singleLine(text) {
  return stripControl(text).replace(/\s+/g, " ").trim();
}
var ANSI_CONTROL_AND_FORMAT = new RegExp("\\u001b\\[[0-9;?]*[ -/]*[@-~]|[^\\P{Cc}\\t\\n]|\\p{Cf}", "gu");
function stripControl(text) {
  return text.replace(/\r\n?|[\u2028\u2029]/g, "\n").replace(ANSI_CONTROL_AND_FORMAT, "");
}
function neutralizeMentions(text) {
  return text.replace(/@(?=[A-Za-z0-9])/g, "@\u200D");
}
function escapeMarkdown(text) {
  const escaped = singleLine(text).replace(/[\\`*[\]|~]/g, "\\$&").replace(/<(?=[A-Za-z/!?])/g, "\\<").replace(/&(?=#?\w+;)/g, "\\&").replace(/(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, "\\_").replace(/^[#>+=-]/, "\\$&").replace(/^(\d+)([.)])(?=\s|$)/, "$1\\$2");
  return neutralizeMentions(escaped);
}
function longestBacktickRun(text) {
  let longest = 0;
  for (const [run] of text.matchAll(/`+/g)) longest = Math.max(longest, run.length);
  return longest;
}
function inlineCode(text, inTable = false) {
  let content = singleLine(text);
  if (content === "") return NONE;
  if (inTable) content = content.replace(/\|/g, "\\|");
  const fence = "`".repeat(longestBacktickRun(content) + 1);
  const pad = content.startsWith("`") || content.endsWith("`") ? " " : "";
  return `${fence}${pad}${content}${pad}${fence}`;
}
function repoLink(text, repoUrl, path22, inTable = false) {
  const code = inlineCode(text, inTable);
  return repoUrl ? `[${code}](${repoUrl}/${path22})` : code;
}
function fencedBlock(text, info = "text") {
  const content = stripControl(text).replace(/\n+$/, "");
  const fence = "`".repeat(Math.max(3, longestBacktickRun(content) + 1));
  return `${fence}${info}
${content}
${fence}`;
}
function escapeHtml(text) {
  return neutralizeMentions(singleLine(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c));
}
function logTail(text, maxLines, maxChars) {
  const lines = stripControl(text).replace(/\n+$/, "").split("\n");
  const kept = [];
  let chars = 0;
  for (let i = lines.length - 1; i >= 0 && kept.length < maxLines; i--) {
    const line = lines[i] ?? "";
    if (chars + line.length + 1 > maxChars) {
      if (kept.length === 0) kept.unshift(`\u2026${line.slice(-(maxChars - 1))}`);
      break;
    }
    kept.unshift(line);
    chars += line.length + 1;
  }
  const dropped = lines.length - kept.length;
  return dropped > 0 ? [`[... ${plural(dropped, "earlier line")} not shown ...]`, ...kept].join("\n") : kept.join("\n");
}

// src/report/functions-tsv.ts
var field = (value) => value === null ? "" : typeof value === "number" ? String(Number(value.toFixed(3))) : stripControl(value).replace(/[\t\n]+/g, " ");
var row = (values) => values.map(field).join("	");
function functionsTsv(comparison) {
  const unit = comparison.judged === "estimated_cycles" ? "est_cycles" : "instr";
  const header = ["function", "object", "file", "status", `base_${unit}_per_op`, `head_${unit}_per_op`, `change_${unit}_per_op`, "relative", "base_instr_per_op", "head_instr_per_op", "largest_change_line", "caller", "caller_line", "listed"];
  const listed2 = new Set(comparison.listed);
  const rows = comparison.functions.map(
    (f) => row([f.name, f.object, f.file, f.status, f.base, f.head, f.change, f.relative, f.baseInstructions, f.headInstructions, f.line ? `${f.line.file}:${f.line.line}` : null, f.caller?.name ?? null, f.caller ? `${f.caller.file}:${f.caller.line}` : null, listed2.has(f) ? "yes" : ""])
  );
  return `${row(header)}
${rows.map((r) => `${r}
`).join("")}`;
}
function linesTsv(base, head) {
  const cacheSim = base.cacheSim && head.cacheSim;
  const judged3 = (c, ops) => (cacheSim ? c[0] + 10 * c[1] + 100 * c[2] : c[0]) / ops;
  const byLine = /* @__PURE__ */ new Map();
  const add = (side, which) => {
    for (const [fnKey, fn] of Object.entries(side.profile.functions)) {
      for (const [key, cost] of Object.entries(fn.lines)) {
        const id = `${fnKey}${key}`;
        const entry = byLine.get(id) ?? { fn, key, base: 0, head: 0 };
        entry[which] += judged3(cost, side.ops);
        byLine.set(id, entry);
      }
    }
  };
  add(base, "base");
  add(head, "head");
  const unit = cacheSim ? "est_cycles" : "instr";
  const sorted = [...byLine.values()].filter((l) => l.base !== 0 || l.head !== 0).sort((a, b) => Math.abs(b.head - b.base) - Math.abs(a.head - a.base));
  const header = row(["function", "file", "line", `base_${unit}_per_op`, `head_${unit}_per_op`, `change_${unit}_per_op`]);
  return `${header}
${sorted.map((l) => `${row([l.fn.name, lineOf(l.key).file, lineOf(l.key).line, l.base, l.head, l.head - l.base])}
`).join("")}`;
}

// src/results/function-profiles.ts
var MAX_PROFILE_FILE_BYTES = 16 * 1024 * 1024;
var MAX_PROFILE_LINES = 5e4;
var CostSchema = external_exports.tuple([external_exports.number().finite(), external_exports.number().finite(), external_exports.number().finite()]);
var StepProfileSchema = external_exports.object({
  ops: external_exports.number().positive(),
  cacheSim: external_exports.boolean(),
  inTree: external_exports.array(external_exports.string()).optional(),
  profile: external_exports.object({
    callGraph: external_exports.boolean(),
    total: CostSchema,
    functions: external_exports.record(
      external_exports.string(),
      external_exports.object({ object: external_exports.string(), file: external_exports.string(), name: external_exports.string(), self: CostSchema, lines: external_exports.record(external_exports.string(), CostSchema), callers: external_exports.record(external_exports.string(), CostSchema), callees: CostSchema }).strict()
    )
  }).strict()
}).strict();
var functionsDirOf = (resultsFile) => `${resultsFile.replace(/\.json$/, "")}.functions`;
var stepDir = (dir, step) => path16.join(dir, step.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\.+/, "_"));
var NEGLIGIBLE_PER_OP = 0.01;
var isZero = (cost) => cost[0] === 0 && cost[1] === 0 && cost[2] === 0;
function capLines(profile, ops, maxLines = MAX_PROFILE_LINES) {
  const negligible = (cost) => cost.every((c) => Math.abs(c) < NEGLIGIBLE_PER_OP * ops);
  const kept = {};
  for (const [key, fn] of Object.entries(profile.functions)) {
    const lines = Object.fromEntries(Object.entries(fn.lines).filter(([, cost]) => !negligible(cost)));
    const callers = Object.fromEntries(Object.entries(fn.callers).filter(([, cost]) => !negligible(cost)));
    if (isZero(fn.self) && isZero(fn.callees) && Object.keys(lines).length === 0 && Object.keys(callers).length === 0) continue;
    kept[key] = { ...fn, lines, callers };
  }
  return capCostliestLines({ ...profile, functions: kept }, maxLines);
}
function capCostliestLines(profile, maxLines) {
  const all = Object.values(profile.functions).flatMap((fn) => Object.entries(fn.lines).map(([key, cost]) => ({ fn, key, size: Math.abs(cost[0]) })));
  if (all.length <= maxLines) return profile;
  const keep = new Set(all.sort((a, b) => b.size - a.size).slice(0, maxLines));
  const functions = Object.fromEntries(
    Object.entries(profile.functions).map(([key, fn]) => [key, { ...fn, lines: Object.fromEntries(all.filter((l) => l.fn === fn && keep.has(l)).map((l) => [l.key, fn.lines[l.key]])) }])
  );
  return { ...profile, functions };
}
function cachegrindText(profile, what) {
  const events = profile.cacheSim ? "Ir L1m LLm" : "Ir";
  const costText = (cost) => profile.cacheSim ? cost.map((c) => Math.round(c)).join(" ") : String(Math.round(cost[0]));
  const clean = (text) => text.replace(/[\r\n]/g, " ");
  const byFile = /* @__PURE__ */ new Map();
  for (const fn of Object.values(profile.profile.functions)) {
    const lines = Object.entries(fn.lines).map(([key, cost]) => ({ ...lineOf(key), cost })).filter((l) => Math.round(l.cost[0]) !== 0 || l.cost.some((c) => Math.round(c) !== 0)).sort((a, b) => a.line - b.line);
    if (lines.length === 0) continue;
    for (const file of new Set(lines.map((l) => l.file))) {
      const text = [`fn=${clean(fn.name)}`, ...lines.filter((l) => l.file === file).map((l) => `${l.line} ${costText(l.cost)}`)].join("\n");
      byFile.set(file, [...byFile.get(file) ?? [], text]);
    }
  }
  const body = [...byFile].map(([file, fns]) => `fl=${clean(file)}
${fns.join("\n")}`).join("\n");
  return `desc: ${clean(what)}
desc: ops ${profile.ops}
cmd: db-bench-gate
events: ${events}
${body}
summary: ${costText(profile.profile.total)}
`;
}
async function writeStepProfile(dir, step, variant, profile) {
  const into = stepDir(dir, step);
  await mkdir7(into, { recursive: true });
  if ("error" in profile) {
    await writeAtomically(path16.join(into, `${variant}.error`), `${profile.error.split("\n")[0]}
`);
    return;
  }
  const capped = { ...profile, profile: capLines(profile.profile, profile.ops) };
  await writeAtomically(path16.join(into, `${variant}.json`), JSON.stringify(capped) + "\n");
  const what = `${step} ${variant}: runs of 2N minus runs of N operations, summed over the repeats`;
  await writeAtomically(path16.join(into, `${variant}.cgout`), cachegrindText(capped, what));
}
async function readStepProfile(dir, step, variant) {
  const into = stepDir(dir, step);
  const error = await readCapped(path16.join(into, `${variant}.error`), 4096, { missingIsNull: true });
  if (error !== null) return { error: error.trim() };
  const file = path16.join(into, `${variant}.json`);
  const text = await readCapped(file, MAX_PROFILE_FILE_BYTES, { missingIsNull: true }).catch((e) => ({ error: e.message }));
  if (text === null || typeof text !== "string") return text;
  try {
    return validate(StepProfileSchema, parseJson(text, file), file);
  } catch (e) {
    return { error: e.message.split("\n")[0] };
  }
}
async function profiledSteps(dir) {
  return (await readdir4(dir, { withFileTypes: true }).catch(() => [])).filter((d) => d.isDirectory()).map((d) => d.name);
}
async function treeFiles(repo, commit) {
  const listed2 = await execa("git", ["-C", repo, "ls-tree", "-r", "-z", "--name-only", "--full-tree", commit], {
    env: childEnv(process.env),
    extendEnv: false,
    reject: false,
    timeout: 6e4,
    maxBuffer: 64 * 1024 * 1024
  });
  if (listed2.failed) throw new PipelineError(`listing the files of ${commit} in ${repo} failed`, listed2.stderr);
  return new Set(listed2.stdout.split("\0").filter((name) => name !== ""));
}
async function compareStepProfiles(dir, step, base, variant, noise) {
  const [b, v] = await Promise.all([readStepProfile(dir, step, base), readStepProfile(dir, step, variant)]);
  if (b === null || v === null) return null;
  if ("error" in b) return b;
  if ("error" in v) return v;
  return compareFunctions(b, v, noise);
}
function stepNoise(instructions, aaSpread) {
  const sides2 = [instructions.base, instructions.variant, instructions.estimated_cycles?.base, instructions.estimated_cycles?.variant];
  return Math.max(aaSpread ?? 0, ...sides2.map((side) => side?.spread ?? 0));
}
async function whereCostItems(dir, comparison, aaSpreads = {}) {
  const items = [];
  for (const step of comparison.steps) {
    for (const variant of step.variants) {
      const verdict = variant.instructions?.verdict;
      if (!variant.instructions || verdict !== "regression" && verdict !== "improvement") continue;
      const compared = await compareStepProfiles(dir, step.step, comparison.base_variant, variant.variant, stepNoise(variant.instructions, aaSpreads[step.step]));
      if (compared === null) continue;
      const column = [comparison.label, comparison.variants.length > 1 ? variant.variant : null].filter((x) => x !== null).join(" \xB7 ") || null;
      items.push({ step: step.step, column, verdict, comparison: compared });
    }
  }
  return items;
}
async function keepFunctionComparisons(resultsFile, results) {
  const dir = functionsDirOf(resultsFile);
  const comparison = compareRun(results, {});
  for (const step of comparison.steps) {
    for (const variant of step.variants) {
      const aa = results.steps.find((s) => s.id === step.step)?.instructions_aa_spread;
      const compared = variant.instructions ? await compareStepProfiles(dir, step.step, comparison.base_variant, variant.variant, stepNoise(variant.instructions, aa)) : null;
      if (compared && !("error" in compared)) await writeAtomically(path16.join(stepDir(dir, step.step), `${variant.variant}.tsv`), functionsTsv(compared));
    }
  }
  const steps = await profiledSteps(dir);
  const files = await Promise.all(steps.map(async (step) => (await readdir4(path16.join(dir, step))).map((name) => path16.join(dir, step, name))));
  return files.flat().sort();
}
var aaSpreadsOf = (results) => Object.fromEntries(results.steps.flatMap((s) => s.instructions_aa_spread === void 0 ? [] : [[s.id, s.instructions_aa_spread]]));

// src/version.ts
var VERSION = "0.1.0";

// src/measure/fingerprint.ts
import { createHash as createHash3 } from "node:crypto";
import { readFile as readFile5 } from "node:fs/promises";
import os3 from "node:os";
var ARM_PARTS = {
  "0x41:0xd0c": "Arm Neoverse N1",
  "0x41:0xd40": "Arm Neoverse V1",
  "0x41:0xd49": "Arm Neoverse N2",
  "0x41:0xd4f": "Arm Neoverse V2",
  "0x41:0xd8e": "Arm Neoverse N3",
  "0x41:0xd84": "Arm Neoverse V3",
  "0xc0:0xac4": "Ampere-1",
  "0xc0:0xac5": "Ampere-1a"
};
function cpuinfoField(cpuinfo, name) {
  const line = cpuinfo.split("\n").find((l) => l.split(":")[0]?.trim() === name);
  return line?.slice(line.indexOf(":") + 1).trim() || void 0;
}
function parseCpuModel(cpuinfo) {
  const model = cpuinfoField(cpuinfo, "model name") ?? cpuinfoField(cpuinfo, "Model Name");
  if (model) return model.replace(/\s+/g, " ");
  const implementer = cpuinfoField(cpuinfo, "CPU implementer");
  const part = cpuinfoField(cpuinfo, "CPU part");
  if (implementer && part) return ARM_PARTS[`${implementer}:${part}`] ?? `Arm implementer ${implementer} part ${part}`;
  throw new Error(`cannot find the CPU model in /proc/cpuinfo:
${cpuinfo.slice(0, 2e3)}`);
}
function parseOsPrettyName(osRelease) {
  const match = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(osRelease);
  return match?.[1] ?? "unknown";
}
function parseSmtActive(text) {
  const value = text?.trim();
  return value === "1" ? true : value === "0" ? false : null;
}
function hostnameHash(hostname) {
  return createHash3("sha256").update(hostname).digest("hex").slice(0, 16);
}
async function readOrNull(file) {
  return readFile5(file, "utf8").catch(() => null);
}
async function collectFingerprint(compiler, runner) {
  const [cpuinfo, osRelease, smt] = await Promise.all([
    readFile5("/proc/cpuinfo", "utf8"),
    readOrNull("/etc/os-release"),
    readOrNull("/sys/devices/system/cpu/smt/active")
  ]);
  return {
    arch: os3.machine(),
    cpu_model: parseCpuModel(cpuinfo),
    cores: os3.availableParallelism(),
    smt: parseSmtActive(smt),
    memory_mib: Math.round(os3.totalmem() / 2 ** 20),
    kernel: os3.release(),
    os: osRelease ? parseOsPrettyName(osRelease) : `${os3.type()} ${os3.release()}`,
    compiler,
    runner,
    hostname_hash: hostnameHash(os3.hostname())
  };
}
function fingerprintMismatches(a, b) {
  const differences = [];
  const check = (field2, x, y) => {
    if (JSON.stringify(x) !== JSON.stringify(y)) differences.push(`${field2}: ${JSON.stringify(x)} vs ${JSON.stringify(y)}`);
  };
  check("arch", a.arch, b.arch);
  check("cpu_model", a.cpu_model, b.cpu_model);
  check("cores", a.cores, b.cores);
  check("smt", a.smt, b.smt);
  check("kernel", a.kernel, b.kernel);
  check("compiler", a.compiler, b.compiler);
  return differences;
}

// src/results/merge-shards.ts
var sameJson = (a, b) => JSON.stringify(a) === JSON.stringify(b);
function refuseUnlike(first2, other) {
  const a = first2.results;
  const b = other.results;
  const shardName = `shard ${formatShard(b.run.shard)}`;
  const firstName = `shard ${formatShard(a.run.shard)} (${first2.source})`;
  const machine = fingerprintMismatches(a.fingerprint, b.fingerprint);
  if (machine.length > 0) throw new InputError(`${shardName} was measured on another machine than ${firstName}: ${machine.join("; ")}; shards are merged only from runners of one machine type`, other.source, "$.fingerprint");
  if (a.run.shard.count !== b.run.shard.count) throw new InputError(`${shardName} splits the profile in ${b.run.shard.count}, ${firstName} in ${a.run.shard.count}`, other.source, "$.run.shard.count");
  if (!sameJson(a.profile, b.profile)) throw new InputError(`${shardName} measured profile ${b.profile.name} (${b.profile.hash.slice(0, 12)}), ${firstName} ${a.profile.name} (${a.profile.hash.slice(0, 12)})`, other.source, "$.profile");
  if (a.base_variant !== b.base_variant || !sameJson(a.variants, b.variants)) {
    const list = (r) => r.variants.map((v) => `${v.id} ${v.commit.slice(0, 12)} ${JSON.stringify(v.flags.cflags)}`).join(", ");
    throw new InputError(`${shardName} measured ${list(b)}, ${firstName} ${list(a)}: not the same builds`, other.source, "$.variants");
  }
}
function mergeGroup(unordered) {
  const group = [...unordered].sort((a, b) => a.results.run.shard.index - b.results.run.shard.index);
  const first2 = group[0];
  for (const other of group.slice(1)) refuseUnlike(first2, other);
  const count = first2.results.run.shard.count;
  const byIndex = /* @__PURE__ */ new Map();
  for (const part of group) {
    const { index } = part.results.run.shard;
    const twin = byIndex.get(index);
    if (twin) throw new InputError(`shard ${index}/${count} twice (also in ${twin.source})`, part.source, "$.run.shard.index");
    byIndex.set(index, part);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0) {
    const arch = first2.results.fingerprint.arch;
    throw new InputError(`${arch}: shard${missing.length > 1 ? "s" : ""} ${missing.map((i) => `${i}/${count}`).join(", ")} of ${first2.results.profile.name} missing: their steps were not measured or not uploaded`, first2.source, "$.run.shard");
  }
  const parts = [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, part]) => part.results);
  const stepIds = /* @__PURE__ */ new Set();
  for (const [i, part] of parts.entries()) {
    for (const step of part.steps) {
      if (stepIds.has(step.id)) throw new InputError(`step ${step.id} was measured by two shards`, byIndex.get(i + 1).source, "$.steps");
      stepIds.add(step.id);
    }
  }
  const head = parts[0];
  const instructions = parts.flatMap((p) => p.instructions ?? []);
  const noiseFloor = parts.flatMap((p) => (p.noise_floor ?? []).filter((floor) => p.steps.some((s) => s.id === floor.step)));
  const runners = parts.map((p) => p.fingerprint.runner.name ?? p.fingerprint.hostname_hash).join(", ");
  const run = { ...head.run };
  delete run.shard;
  return {
    ...head,
    run: {
      ...run,
      id: parts.map((p) => p.run.id).join("+"),
      started_at: parts.map((p) => p.run.started_at).sort()[0],
      finished_at: parts.map((p) => p.run.finished_at).sort().at(-1),
      budget_exhausted: parts.some((p) => p.run.budget_exhausted),
      notes: [
        `merged from ${count} shards measured on ${runners} (one machine type: ${head.fingerprint.cpu_model}, ${head.fingerprint.cores} cores)` + (noiseFloor.length > 0 ? "; an A/A noise floor applies only to the steps of the first shard's runner" : ""),
        ...parts.flatMap((p) => p.run.notes.map((note) => `shard ${formatShard(p.run.shard)}: ${note}`))
      ]
    },
    steps: parts.flatMap((p) => p.steps),
    samples: parts.flatMap((p) => p.samples),
    ...instructions.length > 0 && { instructions },
    ...noiseFloor.length > 0 && { noise_floor: noiseFloor }
  };
}
function mergeShards(runs) {
  const groups = /* @__PURE__ */ new Map();
  const order = [];
  for (const run of runs) {
    if (!run.results.run.shard) {
      order.push(run.results);
      continue;
    }
    const key = `${run.results.fingerprint.arch}\0${run.results.profile.name}`;
    if (!groups.has(key)) {
      groups.set(key, []);
      order.push(key);
    }
    groups.get(key).push(run);
  }
  return order.map((entry) => typeof entry === "string" ? mergeGroup(groups.get(entry)) : entry);
}

// src/config/profile-list.ts
import { readdirSync } from "node:fs";
function builtinProfileNames() {
  return readdirSync(builtinDir("profiles")).filter((file) => file.endsWith(".yaml")).map((file) => file.slice(0, -".yaml".length)).sort();
}
function profileSummary(profile) {
  return {
    name: profile.name,
    engine: profile.engine,
    steps: profile.steps.length,
    counted: profile.instructions ? profile.steps.filter((step) => step.uncounted === void 0).length : 0,
    expectedMinutes: profile.expected_minutes ?? null
  };
}
async function builtinProfileSummaries() {
  return Promise.all(builtinProfileNames().map(async (name) => profileSummary(await loadProfile(name))));
}

// src/config/config-file.ts
var ConfigFileSchema = external_exports.object({
  profile: external_exports.string().min(1).optional().describe(`profile name (${builtinProfileNames().join(", ")}) or a path to a profile file`),
  thresholds: ThresholdsInputSchema.optional(),
  overrides: external_exports.array(ThresholdOverrideSchema).optional(),
  recipe: RecipeOverridesSchema.optional().describe("any field of the engine's recipe (recipes/<engine>.yaml; recipes/README.md)"),
  server_settings: external_exports.record(external_exports.string(), external_exports.union([external_exports.string(), external_exports.number(), external_exports.boolean()])).optional(),
  time_budget_s: external_exports.number().positive().optional(),
  rounds: external_exports.number().int().min(2).optional(),
  timeouts: TimeoutsSchema.omit({ run_s: true }).optional().describe("seconds per external step (run_s, the whole run, is the action's input or the CLI's flag)")
}).strict();
function parseConfigText(text, file) {
  return { ...validateYaml(ConfigFileSchema, text, file), source: file };
}
async function loadConfigFile(file) {
  const { text, source } = await readJudgingFile(file, null, "config file");
  return parseConfigText(text, source);
}
var CONFIG_FILE_NAME = ".db-bench-gate.yml";
async function loadConfigAt(at, file = null) {
  if (file !== null) {
    const { text, source } = await readJudgingFile(file, at, "config file");
    return parseConfigText(text, source);
  }
  const committed = await readAtCommit(at, CONFIG_FILE_NAME);
  return committed ? parseConfigText(committed.text, committed.source) : {};
}
async function loadConfigFromCommit(repo, ref) {
  return loadConfigAt(judgingCommit(repo, ref));
}

// src/config/runner-cost.ts
var RunnerCostSchema = external_exports.record(external_exports.string().min(1).max(200), external_exports.number().positive().max(1e6).describe("price of one hour of the runner")).refine((costs) => Object.keys(costs).length > 0, "expected at least one key: price per hour, e.g. { x86_64: 0.768, aarch64: 0.538 }").refine((costs) => Object.keys(costs).length <= 100, "more than 100 prices");
function parseRunnerCost(text, source) {
  return validateYaml(RunnerCostSchema, text, source);
}
function priceOfRunner(fingerprint, cost) {
  const keys = [fingerprint.runner.name, ...fingerprint.runner.labels, fingerprint.arch].filter((k) => k !== null);
  const by = keys.find((key) => Object.hasOwn(cost, key));
  return by === void 0 ? null : { perHour: cost[by], by };
}

// node_modules/markdown-table/index.js
function defaultStringLength(value) {
  return value.length;
}
function markdownTable(table, options) {
  const settings = options || {};
  const align = (settings.align || []).concat();
  const stringLength = settings.stringLength || defaultStringLength;
  const alignments = [];
  const cellMatrix = [];
  const sizeMatrix = [];
  const longestCellByColumn = [];
  let mostCellsPerRow = 0;
  let rowIndex = -1;
  while (++rowIndex < table.length) {
    const row3 = [];
    const sizes2 = [];
    let columnIndex2 = -1;
    if (table[rowIndex].length > mostCellsPerRow) {
      mostCellsPerRow = table[rowIndex].length;
    }
    while (++columnIndex2 < table[rowIndex].length) {
      const cell = serialize(table[rowIndex][columnIndex2]);
      if (settings.alignDelimiters !== false) {
        const size = stringLength(cell);
        sizes2[columnIndex2] = size;
        if (longestCellByColumn[columnIndex2] === void 0 || size > longestCellByColumn[columnIndex2]) {
          longestCellByColumn[columnIndex2] = size;
        }
      }
      row3.push(cell);
    }
    cellMatrix[rowIndex] = row3;
    sizeMatrix[rowIndex] = sizes2;
  }
  let columnIndex = -1;
  if (typeof align === "object" && "length" in align) {
    while (++columnIndex < mostCellsPerRow) {
      alignments[columnIndex] = toAlignment(align[columnIndex]);
    }
  } else {
    const code = toAlignment(align);
    while (++columnIndex < mostCellsPerRow) {
      alignments[columnIndex] = code;
    }
  }
  columnIndex = -1;
  const row2 = [];
  const sizes = [];
  while (++columnIndex < mostCellsPerRow) {
    const code = alignments[columnIndex];
    let before = "";
    let after = "";
    if (code === 99) {
      before = ":";
      after = ":";
    } else if (code === 108) {
      before = ":";
    } else if (code === 114) {
      after = ":";
    }
    let size = settings.alignDelimiters === false ? 1 : Math.max(
      1,
      longestCellByColumn[columnIndex] - before.length - after.length
    );
    const cell = before + "-".repeat(size) + after;
    if (settings.alignDelimiters !== false) {
      size = before.length + size + after.length;
      if (size > longestCellByColumn[columnIndex]) {
        longestCellByColumn[columnIndex] = size;
      }
      sizes[columnIndex] = size;
    }
    row2[columnIndex] = cell;
  }
  cellMatrix.splice(1, 0, row2);
  sizeMatrix.splice(1, 0, sizes);
  rowIndex = -1;
  const lines = [];
  while (++rowIndex < cellMatrix.length) {
    const row3 = cellMatrix[rowIndex];
    const sizes2 = sizeMatrix[rowIndex];
    const cellsInRow = settings.fillRows === false ? Math.max(1, cellMatrix[rowIndex === 1 ? 0 : rowIndex].length) : mostCellsPerRow;
    columnIndex = -1;
    const line = [];
    while (++columnIndex < cellsInRow) {
      const cell = row3[columnIndex] || "";
      let before = "";
      let after = "";
      if (settings.alignDelimiters !== false) {
        const size = longestCellByColumn[columnIndex] - (sizes2[columnIndex] || 0);
        const code = alignments[columnIndex];
        if (code === 114) {
          before = " ".repeat(size);
        } else if (code === 99) {
          const half = size / 2;
          if (size % 2) {
            before = " ".repeat(half + 0.5);
            after = " ".repeat(half - 0.5);
          } else {
            before = " ".repeat(half);
            after = before;
          }
        } else {
          after = " ".repeat(size);
        }
      }
      if (settings.delimiterStart !== false && !columnIndex) {
        line.push("|");
      }
      if (settings.padding !== false && // Don’t add the opening space if we’re not aligning and the cell is
      // empty: there will be a closing space.
      !(settings.alignDelimiters === false && cell === "") && (settings.delimiterStart !== false || columnIndex)) {
        line.push(" ");
      }
      if (settings.alignDelimiters !== false) {
        line.push(before);
      }
      line.push(cell);
      if (settings.alignDelimiters !== false) {
        line.push(after);
      }
      if (settings.padding !== false) {
        line.push(" ");
      }
      if (settings.delimiterEnd !== false || columnIndex !== cellsInRow - 1) {
        line.push("|");
      }
    }
    lines.push(
      settings.delimiterEnd === false ? line.join("").replace(/ +$/, "") : line.join("")
    );
  }
  return lines.join("\n");
}
function serialize(value) {
  return value === null || value === void 0 ? "" : String(value);
}
function toAlignment(value) {
  const code = typeof value === "string" ? value.codePointAt(0) : 0;
  return code === 67 || code === 99 ? 99 : code === 76 || code === 108 ? 108 : code === 82 || code === 114 ? 114 : 0;
}

// src/report/reproduce.ts
function variantSettings(flags) {
  if (flags.cc === void 0 && flags.cxx === void 0 && !flags.ldflags) return flags.cflags;
  const set = [
    ["CC", flags.cc],
    ["CXX", flags.cxx],
    ["CFLAGS", flags.cflags],
    ["CXXFLAGS", flags.cxxflags === flags.cflags ? void 0 : flags.cxxflags],
    ["LDFLAGS", flags.ldflags || void 0]
  ];
  return set.flatMap(([name, value]) => value === void 0 ? [] : [`${name}=${value}`]).join(" ");
}
function baseRecord(comparison) {
  const baseline = comparison.context.baseline;
  if (comparison.mode === "unpaired" && baseline) return baseline.variant;
  return comparison.context.variants.find((v) => v.id === comparison.base_variant);
}
function reproduceCommand(comparison) {
  const base = baseRecord(comparison);
  const others = comparison.variants.map((id) => comparison.context.variants.find((v) => v.id === id));
  if (!base || others.some((v) => v === void 0)) return null;
  const sides2 = [base, ...others];
  const profile = ["--profile", shellWord(comparison.context.profile.name), ...comparison.context.qps_measured ? [] : ["--instructions-only"]];
  const [head] = others;
  const sameFlags = sides2.every((v) => variantSettings(v.flags) === variantSettings(base.flags));
  if (head && sides2.length === 2 && base.id === "base" && head.id === "head" && sameFlags) {
    const cflags = base.flags.cflags ? ["--cflags", shellWord(base.flags.cflags)] : [];
    return ["db-bench-gate run --repo .", "--base", shellWord(base.commit), "--head", shellWord(head.commit), ...profile, ...cflags].join(" ");
  }
  const variants = sides2.flatMap((v) => {
    const settings = variantSettings(v.flags);
    return ["--variant", shellWord(`${v.id}=${v.commit}${settings ? `:${settings}` : ""}`)];
  });
  return ["db-bench-gate run --repo .", ...variants, ...profile].join(" ");
}

// src/report/chart.ts
function chartLabel(text) {
  return `"${text.replace(/[^A-Za-z0-9 ._:/=+,()@-]/g, "_")}"`;
}
function xyChartBlock(height, chart) {
  return ["```mermaid", "---", "config:", "  xyChart:", "    width: 800", `    height: ${height}`, "---", ...chart, "```"].join("\n");
}
function axisRange(ratios) {
  const step = 0.05;
  const low = Math.min(1, ...ratios);
  const high = Math.max(1, ...ratios);
  const min2 = Math.max(0, Math.floor((low - step) / step + 1e-9) * step);
  const max2 = Math.ceil((high + step) / step - 1e-9) * step;
  return [Number(min2.toFixed(2)), Number(max2.toFixed(2))];
}
function relativeQpsChart(title, bars) {
  const ratios = bars.map((b) => b.ratio);
  const [min2, max2] = axisRange(ratios);
  const height = Math.max(300, 60 + 28 * bars.length);
  return xyChartBlock(height, [
    "xychart-beta horizontal",
    `  title ${chartLabel(title)}`,
    `  x-axis [${bars.map((b) => chartLabel(b.step)).join(", ")}]`,
    `  y-axis "relative QPS" ${min2.toFixed(2)} --> ${max2.toFixed(2)}`,
    `  bar [${ratios.map((r) => formatRatio(r)).join(", ")}]`,
    `  line [${bars.map(() => "1.00").join(", ")}]`
  ]);
}
var TREND_MAX_POINTS = 60;
function trendWindow(points, focus) {
  if (points.length <= TREND_MAX_POINTS) return points;
  if (focus === void 0) return points.slice(-TREND_MAX_POINTS);
  const start = Math.min(Math.max(0, focus - Math.floor(TREND_MAX_POINTS / 2)), points.length - TREND_MAX_POINTS);
  return points.slice(start, start + TREND_MAX_POINTS);
}
function trendChart(title, what, points, focus) {
  const shown = trendWindow(points, focus);
  const [first2] = shown;
  if (!first2) throw new Error("a trend chart needs at least one point");
  const relative = shown.map((p) => p.value / first2.value);
  const [min2, max2] = axisRange(relative);
  return xyChartBlock(300, [
    "xychart-beta",
    `  title ${chartLabel(`${title} relative to ${first2.label}`)}`,
    `  x-axis [${shown.map((p) => chartLabel(p.label)).join(", ")}]`,
    `  y-axis ${chartLabel(what)} ${min2.toFixed(2)} --> ${max2.toFixed(2)}`,
    `  line [${relative.map((r) => r.toFixed(3)).join(", ")}]`,
    `  line [${shown.map(() => "1.00").join(", ")}]`
  ]);
}

// src/report/columns.ts
function verdictRank(verdict) {
  return VERDICTS.indexOf(verdict);
}
function cellVerdict(result) {
  const instructions = result.instructions?.verdict;
  if (instructions === void 0 || instructions === "n/a") return result.verdict;
  if (result.verdict === "n/a") return instructions;
  return verdictRank(instructions) < verdictRank(result.verdict) ? instructions : result.verdict;
}
function comparisonLabels(comparisons) {
  const labels = comparisons.map((c) => c.label ?? c.context.fingerprint.arch);
  return labels.map((label, i) => labels.indexOf(label) !== labels.lastIndexOf(label) ? `${label} #${i + 1}` : label);
}
function columnsOf(comparisons) {
  if (comparisons.length === 0) throw new RangeError("no comparison to report");
  const labels = comparisonLabels(comparisons);
  const several = comparisons.length > 1;
  const showVariant = comparisons.some((c) => c.variants.length > 1);
  return comparisons.flatMap(
    (comparison, i) => comparison.variants.map((variant) => {
      const label = several ? labels[i] ?? null : null;
      const name = [label, showVariant || !several ? variant : null].filter((part) => part !== null).join(" \xB7 ");
      return { comparison, label, variant, name };
    })
  );
}
function rowsOf(columns) {
  const comparisons = [...new Set(columns.map((c) => c.comparison))];
  const stepIds = [...new Set(comparisons.flatMap((c) => c.steps.map((s) => s.step)))];
  const stepsByComparison = new Map(comparisons.map((c) => [c, new Map(c.steps.map((s) => [s.step, s]))]));
  return stepIds.map((step, order) => {
    const cells = columns.map((column) => {
      const found = stepsByComparison.get(column.comparison)?.get(step);
      return found ? { step: found, result: found.variants.find((v) => v.variant === column.variant) ?? null } : null;
    });
    const ranks = cells.flatMap((cell) => cell?.result ? [verdictRank(cellVerdict(cell.result))] : []);
    const verdict = ranks.length > 0 ? VERDICTS[Math.min(...ranks)] ?? "missing" : "missing";
    return { step, order, cells, verdict };
  });
}
function sortByVerdict(rows) {
  return [...rows].sort((a, b) => verdictRank(a.verdict) - verdictRank(b.verdict) || a.order - b.order);
}

// src/report/price-performance.ts
function opsPerMoney(opsPerS, perHour) {
  return opsPerS * 3600 / perHour;
}
function renderPricePerformance(comparisons, cost) {
  if (!cost || comparisons.length === 0) return "";
  const labels = comparisonLabels(comparisons);
  const prices = comparisons.map((c) => priceOfRunner(c.context.fingerprint, cost));
  const unpriced = labels.filter((_, i) => !prices[i]);
  const several = comparisons.length > 1;
  const columns = comparisons.flatMap((comparison, i) => {
    const price = prices[i];
    if (!price) return [];
    return [comparison.base_variant, ...comparison.variants].map((variant) => ({ comparison, label: labels[i], variant, price }));
  });
  const lines = ["### Price/performance", ""];
  if (unpriced.length > 0) lines.push(`No runner-cost for ${unpriced.map((l) => escapeMarkdown(l)).join(", ")} (looked up by runner name, label, then architecture).`, "");
  if (columns.length === 0) return lines.join("\n").trimEnd();
  const priced = columns.map((c) => `${escapeMarkdown(c.label)} ${c.price.perHour} per hour (${inlineCode(c.price.by)})`);
  const bases = [...new Set(columns.map((c) => c.comparison.base_variant))].map((v) => inlineCode(v)).join(", ");
  lines.push(
    `Operations per unit of runner cost, per variant (a column each; base: ${bases}): the variant's median QPS \xD7 3600 / price per hour; ${[...new Set(priced)].join(", ")}.`,
    ""
  );
  const opsOf = (column, step) => {
    const opsPerS = column.comparison.steps.find((s) => s.step === step)?.absolute.find((a) => a.variant === column.variant)?.ops_per_s;
    const perMoney = opsPerS ? opsPerMoney(opsPerS, column.price.perHour) : null;
    return perMoney !== null && Number.isFinite(perMoney) && perMoney > 0 ? perMoney : null;
  };
  const first2 = columns[0].comparison;
  const ratios = columns.filter((c) => c.comparison !== first2).flatMap((c) => {
    const reference = columns.find((r) => r.comparison === first2 && r.variant === c.variant);
    return reference ? [{ column: c, reference }] : [];
  });
  const steps = [...new Set(columns.flatMap((c) => c.comparison.steps.map((s) => s.step)))];
  const name = (c) => several ? `${c.label} \xB7 ${c.variant}` : c.variant;
  const header = ["step", ...columns.map((c) => escapeMarkdown(name(c))), ...ratios.map((r) => escapeMarkdown(`${name(r.column)} / ${name(r.reference)}`))];
  const ratioValues = ratios.map(() => []);
  const body = steps.map((step) => [
    inlineCode(step, true),
    ...columns.map((c) => formatCount(opsOf(c, step))),
    ...ratios.map((r, i) => {
      const a = opsOf(r.column, step);
      const b = opsOf(r.reference, step);
      if (a === null || b === null || !Number.isFinite(a / b) || a / b === 0) return NONE;
      ratioValues[i].push(a / b);
      return formatRatio(a / b);
    })
  ]);
  lines.push(markdownTable([header, ...body], { align: ["l", ...header.slice(1).map(() => "r")] }), "");
  ratios.forEach((r, i) => {
    const values = ratioValues[i];
    if (values.length === 0) return;
    const mean2 = Math.exp(mean(values.map(Math.log)));
    lines.push(
      `${escapeMarkdown(name(r.column))} gives ${formatRatio(mean2)} times the operations per unit of cost of ${escapeMarkdown(name(r.reference))} (geometric mean over ${plural(values.length, "step")}).`,
      ""
    );
  });
  return lines.join("\n").trimEnd();
}

// src/report/sweep.ts
function sweepRegressionLine(comparisons) {
  const columns = columnsOf(comparisons);
  const several = columns.length > 1;
  const parts = columns.flatMap((column) => {
    const regressed2 = column.comparison.steps.flatMap((step) => {
      const result = step.variants.find((v) => v.variant === column.variant);
      return step.sweep && result?.verdict === "regression" ? [{ group: step.sweep.group, clients: step.sweep.clients, ratio: result.qps?.estimate ?? null }] : [];
    });
    const groups = [...new Set(regressed2.map((r) => r.group))];
    return groups.map((group) => `${sweepWords(inlineCode(group), regressed2.filter((r) => r.group === group), "regressed")}${several ? ` \xB7 ${escapeMarkdown(column.name)}` : ""}`);
  });
  return parts.length > 0 ? `\u{1F4C9} ${parts.join("; ")}` : "";
}
function chartsLine(charts) {
  const where = "artifact" in charts.in ? `the results artifact ${charts.in.url ? `[${inlineCode(charts.in.artifact)}](${charts.in.url})` : inlineCode(charts.in.artifact)}` : inlineCode(charts.in.dir);
  return `Charts (SVG: relative and absolute QPS against clients, a line per variant): ${charts.files.map((f) => inlineCode(f)).join(", ")} in ${where}.`;
}
function renderSweeps(comparisons, charts) {
  const swept = comparisons.flatMap((c) => c.steps.flatMap((s) => s.sweep ? [s.sweep] : []));
  if (swept.length === 0) return "";
  const groups = [...new Set(swept.map((s) => s.group))];
  const counts = [...new Set(swept.map((s) => s.clients))].sort((a, b) => a - b);
  const columns = columnsOf(comparisons);
  const several = columns.length > 1;
  const body = [];
  for (const group of groups) {
    for (const column of columns) {
      const stepAt = (clients) => column.comparison.steps.find((s) => s.sweep?.group === group && s.sweep.clients === clients);
      if (!counts.some(stepAt)) continue;
      const name = `${inlineCode(group, true)}${several ? ` \xB7 ${escapeMarkdown(column.name)}` : ""}`;
      body.push([
        name,
        ...counts.map((clients) => {
          const result = stepAt(clients)?.variants.find((v) => v.variant === column.variant);
          if (!result?.qps) return NONE;
          return `${formatRatio(result.qps.estimate)}${result.verdict === "unchanged" ? "" : ` ${result.verdict}`}`;
        })
      ]);
      if (column !== columns.findLast((c) => c.comparison === column.comparison)) continue;
      const base = column.comparison.base_variant;
      body.push([
        `${escapeMarkdown(base)} QPS${column.label ? ` \xB7 ${escapeMarkdown(column.label)}` : ""}`,
        ...counts.map((clients) => formatAmount(stepAt(clients)?.absolute.find((a) => a.variant === base)?.ops_per_s))
      ]);
    }
  }
  const header = ["step", ...counts.map((n) => `${n} client${n === 1 ? "" : "s"}`)];
  return [
    "### Relative QPS per client count",
    "",
    "Each client count is a step of its own, with its verdict in the table above; here side by side, with the base's median QPS per count (where it stops rising, the server stops scaling).",
    "",
    markdownTable([header, ...body], { align: ["l", ...counts.map(() => "r")] }),
    ...charts && charts.files.length > 0 ? ["", chartsLine(charts)] : []
  ].join("\n");
}

// src/report/ibench.ts
var IBENCH_FIELDS = ["ips", "qps", "cpupi", "cpupq", "cspq", "rpq", "rkbpq", "wkbpi", "dbmb", "rssmb", "p50", "p90", "max"];
var MIB = 2 ** 20;
var isIbench = (step) => step.driver === "ibench";
var isQueryStep2 = (step) => step.parameters.step === "qr" || step.parameters.step === "qp";
var ratio = (variant, base) => variant === null || base === null || base === 0 ? null : variant / base;
var scaled = (value, by) => value === null ? null : value / by;
function ibenchAbsolute(step, a) {
  const query = isQueryStep2(step);
  const cpu = a.metrics?.cpu_us_per_op ?? null;
  const wkbPerOp = a.metrics?.wkb_per_op ?? null;
  const wkbpi = !query ? wkbPerOp : wkbPerOp === null || a.ops_per_s === null ? null : ratio(wkbPerOp * a.ops_per_s, a.writer_rows_per_s);
  return {
    ips: query ? a.writer_rows_per_s : a.ops_per_s,
    qps: query ? a.ops_per_s : 0,
    cpupi: query ? null : cpu,
    cpupq: query ? cpu : null,
    cspq: a.metrics?.cs_per_op ?? null,
    rpq: a.metrics?.r_per_op ?? null,
    rkbpq: a.metrics?.rkb_per_op ?? null,
    wkbpi,
    dbmb: scaled(a.database_bytes, MIB),
    rssmb: scaled(a.server_rss_bytes, MIB),
    p50: a.latency_p50_ms,
    p90: a.latency_p90_ms,
    max: a.latency_max_ms
  };
}
function ibenchRelative(step, base, variant, result) {
  const query = isQueryStep2(step);
  const estimated = (value) => value?.estimate ?? null;
  const quotient = Object.fromEntries(IBENCH_FIELDS.map((f) => [f, ratio(variant[f], base[f])]));
  const cpu = estimated(result.metrics.cpu_us_per_op);
  return {
    ...quotient,
    ips: query ? quotient.ips : estimated(result.qps),
    qps: query ? estimated(result.qps) : null,
    cpupi: query ? null : cpu,
    cpupq: query ? cpu : null,
    cspq: estimated(result.metrics.cs_per_op),
    rpq: estimated(result.metrics.r_per_op),
    rkbpq: estimated(result.metrics.rkb_per_op),
    wkbpi: query ? quotient.wkbpi : estimated(result.metrics.wkb_per_op)
  };
}
function ibenchTables(comparison) {
  const steps = comparison.steps.filter(isIbench);
  if (steps.length === 0) return null;
  const absolute = [];
  const relative = [];
  for (const step of steps) {
    const values = new Map(step.absolute.map((a) => [a.variant, ibenchAbsolute(step, a)]));
    for (const [variant, v] of values) absolute.push({ step: step.step, variant, values: v });
    const base = values.get(comparison.base_variant);
    for (const result of step.variants) {
      const variant = values.get(result.variant);
      if (base && variant) relative.push({ step: step.step, variant: result.variant, values: ibenchRelative(step, base, variant, result) });
    }
  }
  return { absolute, relative };
}
function renderIbench(comparisons) {
  if (!comparisons.some((c) => c.steps.some(isIbench))) return "";
  const columns = columnsOf(comparisons);
  const several = columns.length > 1;
  const body = columns.flatMap(
    (column) => column.comparison.steps.filter(isIbench).map((step) => {
      const query = isQueryStep2(step);
      const base = step.absolute.find((a) => a.variant === column.comparison.base_variant);
      const variant = step.absolute.find((a) => a.variant === column.variant);
      const result = step.variants.find((v) => v.variant === column.variant);
      const writer = variant?.writer_rows_per_s ?? null;
      return [
        `${inlineCode(step.step, true)}${several ? ` \xB7 ${escapeMarkdown(column.name)}` : ""}`,
        query ? "qps \xB7 cpupq" : "ips \xB7 cpupi",
        formatAmount(base?.ops_per_s),
        formatAmount(variant?.ops_per_s),
        formatRatio(result?.qps?.estimate),
        formatRatio(result?.metrics.cpu_us_per_op?.estimate),
        query ? `${formatAmount(writer)} / ${formatAmount(typeof step.parameters.writer_rate === "number" ? step.parameters.writer_rate : null)}` : NONE
      ];
    })
  );
  const bases = [...new Set(comparisons.map((c) => c.base_variant))];
  const header = ["step", "measures", `${bases.map(escapeMarkdown).join(", ")} rate`, "variant rate", "relative rate", "relative CPU/op", "writer rows/s (median / target)"];
  const summary = [
    "### Insert benchmark",
    "",
    "One row per step, as the field reports it: ips (inserts/s) for the load steps, qps for the query steps, and CPU \xB5s per insert (cpupi) or per query (cpupq); relative = variant / base, CPU above 1.00 is more per operation.",
    "",
    markdownTable([header, ...body], { align: ["l", "l", "r", "r", "r", "r", "r"] })
  ].join("\n");
  const metrics = comparisons.flatMap((comparison) => {
    const tables = ibenchTables(comparison);
    if (!tables) return [];
    const rows = tables.absolute.map((r) => [inlineCode(r.step, true), inlineCode(r.variant, true), ...IBENCH_FIELDS.map((f) => formatAmount(r.values[f]))]);
    const where = comparison.label ? ` \xB7 ${comparison.label}` : "";
    return [
      `<details><summary>${escapeHtml(`Insert benchmark: the field's metrics per step${where}`)}</summary>

Medians over the rounds (max: the highest of any round). cspq, rpq, rkbpq: context switches, storage reads and KB read per operation; wkbpi: KB written per insert (a query step's over its writer's inserts); dbmb: database size after a round, MiB; rssmb: the server's peak memory in a round (its processes' Pss summed), MiB; p50, p90, max: latency of one operation (a load step's commit, a query), ms.

` + markdownTable([["step", "variant", ...IBENCH_FIELDS], ...rows], { align: ["l", "l", ...IBENCH_FIELDS.map(() => "r")] }) + "\n\n</details>"
    ];
  });
  return [summary, ...metrics].join("\n\n");
}

// src/report/db-bench.ts
var isDbBench = (step) => step.driver === "db_bench";
var micros = (ms) => ms === null || ms === void 0 ? null : ms * 1e3;
function sides(base, variant) {
  return base === null && variant === null ? NONE : `${formatAmount(base)} \u2192 ${formatAmount(variant)}`;
}
var DB_BENCH_HEADER = ["step", "base ops/sec", "variant ops/sec", "relative ops/sec", "micros/op", "p99 \xB5s", "p99.9 \xB5s", "stall %", "w-amp", "CPU \xB5s/op", "relative CPU/op"];
function dbBenchCells(step, baseVariant, variant) {
  const side = (id) => step.absolute.find((a) => a.variant === id) ?? null;
  const [base, compared] = [side(baseVariant), side(variant)];
  const result = step.variants.find((v) => v.variant === variant);
  return [
    formatAmount(base?.ops_per_s),
    formatAmount(compared?.ops_per_s),
    formatRatio(result?.qps?.estimate),
    sides(micros(base?.latency_avg_ms), micros(compared?.latency_avg_ms)),
    sides(micros(base?.latency_p99_ms), micros(compared?.latency_p99_ms)),
    sides(micros(base?.latency_p99_9_ms), micros(compared?.latency_p99_9_ms)),
    sides(base?.stall_percent ?? null, compared?.stall_percent ?? null),
    sides(base?.lsm_metrics?.write_amplification ?? null, compared?.lsm_metrics?.write_amplification ?? null),
    sides(base?.metrics?.cpu_us_per_op ?? null, compared?.metrics?.cpu_us_per_op ?? null),
    formatRatio(result?.metrics.cpu_us_per_op?.estimate)
  ];
}
function renderDbBench(comparisons) {
  if (!comparisons.some((c) => c.steps.some(isDbBench))) return "";
  const columns = columnsOf(comparisons);
  const several = columns.length > 1;
  const body = columns.flatMap(
    (column) => column.comparison.steps.filter(isDbBench).map((step) => [`${inlineCode(step.step, true)}${several ? ` \xB7 ${escapeMarkdown(column.name)}` : ""}`, ...dbBenchCells(step, column.comparison.base_variant, column.variant)])
  );
  return [
    "### db_bench",
    "",
    "The field's figures per step, base \u2192 variant (medians over the rounds): micros/op as db_bench reports it (time per operation and thread), p99 and p99.9 of its latency histogram, stall %: the share of the run's time writes were stalled (steps that write; \u2014 for reads), w-amp: (flush + compaction bytes written) / bytes the benchmark wrote, from RocksDB's statistics (per-op bytes under Metrics per operation), CPU \xB5s/op: host CPU per operation, all cores. Relative = variant / base, paired by round: ops/sec above 1.00 is faster, CPU above 1.00 is more per operation.",
    "",
    markdownTable([DB_BENCH_HEADER, ...body], { align: ["l", ...DB_BENCH_HEADER.slice(1).map(() => "r")] })
  ].join("\n");
}

// src/report/how-to-proceed.ts
var import_yaml = __toESM(require_dist(), 1);
function regressed(comparisons) {
  return comparisons.flatMap(
    (c) => c.steps.flatMap((s) => s.variants.filter((v) => v.verdict === "regression" || v.instructions?.verdict === "regression").map((result) => ({ step: s.step, result })))
  );
}
function overrideFor({ step, result }) {
  const qps = result.verdict === "regression" ? result.qps?.estimate : void 0;
  if (qps !== void 0) return { step, fail_below: Math.max(0.01, Math.floor(qps * 100) / 100) };
  const instructions = result.instructions?.ratio?.estimate ?? result.thresholds.instructions_fail_above;
  return { step, instructions_fail_above: Math.ceil(instructions * 100) / 100 };
}
function qpsOtherWay(failed) {
  const counted = failed.filter((f) => f.result.instructions?.verdict === "regression");
  if (counted.length === 0) return "";
  const described = counted.map(({ step, result }) => {
    const q = result.qps;
    if (!q) return { rose: false, text: `${inlineCode(step)} (no QPS ratio)` };
    const significant = q.p_value !== null && q.p_value < result.thresholds.alpha;
    return { rose: q.estimate > 1, text: `${inlineCode(step)} (${formatRatio(q.estimate)}, ${significant ? "significant" : "not significant"})` };
  });
  const rose = described.filter((d) => d.rose).map((d) => d.text);
  const other = described.filter((d) => !d.rose).map((d) => d.text);
  const parts = [rose.length > 0 ? `QPS rose on ${rose.join(", ")}` : "", other.length > 0 ? `QPS did not rise on ${other.join(", ")}` : ""].filter(Boolean);
  return `- **QPS on the steps instr/op failed:** ${parts.join("; ")}.${rose.length > 0 ? " More instructions that run faster (SIMD, prefetching, fewer cache misses) may be worth accepting." : ""}`;
}
function howToProceed(comparisons, gate, where) {
  if (gate.verdict !== "fail" || !gate.reasons.some((r) => r.cause === "regression")) return "";
  const failed = regressed(comparisons);
  const [first2] = failed;
  if (!first2) return "";
  const accept = where.kind === "action" ? `- **Accept the regressions:** someone with triage rights or above on this repository sets the label ${inlineCode(where.acceptLabel)} after the PR's last push; the check then passes and says who accepted. A new push needs the label set again.` : "- **Accept the regressions:** the CLI has no labels: `--fail-on error` (without `regression`) exits 0 on regressions; in the action the accept label does it.";
  const file = where.kind === "action" ? "in `.db-bench-gate.yml` as committed on the base branch (the PR's own copy does not judge it)" : "in a config file given with `--config FILE` (or `--fail-below`, `--instructions-fail-above` for every step)";
  const yaml = (0, import_yaml.stringify)({ overrides: [overrideFor(first2)] }).trimEnd();
  return ["### How to proceed", `${accept}
- **Judge a step by another line** ${file}, one entry per step (a glob matches several):`, fencedBlock(yaml, "yaml"), qpsOtherWay(failed)].filter(Boolean).join("\n\n");
}

// src/report/why-functions.ts
var LISTED_CALLS = 3;
var MAX_SHOWN_NAME = 120;
var REPO = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;
var SHA = /^[0-9a-f]{7,64}$/;
function trimTemplates(name) {
  const spelled = name.replace(/std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >/g, "std::string").replace(/std::(?:__cxx11|__1)::/g, "std::").replace(/, std::allocator<[^<>]*(?:<[^<>]*>[^<>]*)*> >/g, " >").replace(/<([^<>]*) >/g, "<$1>").replace(/(?:\.(?:constprop|isra|part|lto_priv)\.\d+|\.cold)+(?=\(|$)/g, "");
  let out = "";
  let depth = 0;
  let openedAt = -1;
  for (let i = 0; i < spelled.length; i++) {
    const op = /^operator(?:<<=?|>>=?|<=>|<=|>=|->\*?|<|>|\(\)|\[\])/.exec(spelled.slice(i, i + 12));
    if (op && depth === 0) {
      out += op[0];
      i += op[0].length - 1;
      continue;
    }
    const c = spelled[i];
    if (c === "<") {
      depth++;
      if (depth === 1) {
        openedAt = out.length;
        out += c;
      } else if (depth === 2) out += "<\u2026";
      continue;
    }
    if (c === ">" && depth > 0) {
      depth--;
      if (depth === 0) {
        out += ">";
        if (out.length - openedAt > 40) out = `${out.slice(0, openedAt)}<\u2026>`;
      } else if (depth === 1) out += ">";
      continue;
    }
    if (depth < 2) out += c;
  }
  const params = /\(([^()]*(?:\([^()]*\)[^()]*)*)\)( const)?$/.exec(out);
  if (params && params[1].length > 60) out = `${out.slice(0, params.index)}(\u2026)${params[2] ?? ""}`;
  return out.length > MAX_SHOWN_NAME ? `${out.slice(0, MAX_SHOWN_NAME - 1)}\u2026` : out;
}
var signed = (value) => `${value >= 0 ? "+" : "\u2212"}${formatAmount(Math.abs(value))}`;
var percent = (value) => `${value >= 0 ? "+" : "\u2212"}${Math.abs(value * 100).toFixed(value !== 0 && Math.abs(value) < 0.1 ? 1 : 0)}%`;
function place(file, line, inTree, links, inTable) {
  const known = file !== "???" && file !== "";
  if (!known) return "";
  const base = file.split("/").pop() ?? file;
  const label = inlineCode(line ? `${base}:${line}` : base, inTable);
  if (!links || !inTree.has(file) || !REPO.test(links.repo) || !SHA.test(links.sha)) return label;
  const target = `https://github.com/${links.repo}/blob/${links.sha}/${file.split("/").map(encodeURIComponent).join("/")}${line ? `#L${line}` : ""}`;
  return `[${label}](${target})`;
}
var fnName = (id, inTable) => inlineCode(trimTemplates(id.name), inTable);
function functionRow(f, judged3, inTree, links) {
  const where = f.line ? place(f.line.file, f.line.line, inTree, links, true) : place(f.file, null, inTree, links, true) || inlineCode(f.object || "?", true);
  const status = f.status === "new" ? " (new)" : f.status === "gone" ? " (gone)" : "";
  const caller = f.caller ? `${fnName(f.caller, true)}${place(f.caller.file, f.caller.line, inTree, links, true) ? ` ${place(f.caller.file, f.caller.line, inTree, links, true)}` : ""}` : "";
  const instructions = judged3 === "instructions" ? "" : ` (instr ${signed(f.headInstructions - f.baseInstructions)})`;
  return `| ${fnName(f, true)}${status} | ${where} | ${signed(f.change)}${instructions} | ${f.relative === null ? "new" : percent(f.relative)} | ${caller} |`;
}
function callLine(call, stepChange, inTree, links, unit) {
  const at = place(call.caller.file, call.caller.line, inTree, links, false);
  const verb = call.change >= 0 ? "calls" : "no longer calls";
  return `  - ${fnName(call.caller, false)}${at ? ` (${at})` : ""} ${verb} ${fnName(call.callee, false)}: ${signed(call.change)} ${unit} with what it calls, ${Math.round(call.change / stepChange * 100)}% of the change`;
}
function stepPart(item, links) {
  const where = `${inlineCode(item.step)}${item.column ? ` \xB7 ${escapeMarkdown(item.column)}` : ""}`;
  const c = item.comparison;
  if ("error" in c) return `${where}: per-function costs not available: ${escapeMarkdown(c.error)}`;
  const unit = c.judged === "estimated_cycles" ? "est. cycles/op" : "instr/op";
  const head = `${where} ${item.verdict}: ${signed(c.change)} ${unit} (${formatAmount(c.base)} \u2192 ${formatAmount(c.head)})`;
  if (c.listed.length === 0) return `${head}: spread thinly over ${c.functions.length} functions, none of them changed by more than ${formatAmount(c.threshold)} ${unit}.`;
  const inTree = new Set(c.inTree ?? []);
  const explained2 = `${c.listed.length === 1 ? "this function explains" : `these ${c.listed.length} functions explain`} ${Math.round(c.explained * 100)}% of it`;
  const thin = c.spreadThinly ? `; the rest is spread thinly over ${c.beyondListed > 0 ? `${c.beyondListed} more functions past the noise and ` : ""}many small changes` : "";
  const rows = c.listed.map((f) => functionRow(f, c.judged, inTree, links));
  const calls = c.calls.filter((call) => Math.sign(call.change) === Math.sign(c.change)).slice(0, LISTED_CALLS);
  const callsPart = calls.length > 0 ? `

${c.change >= 0 ? "Calls head added" : "Calls head dropped"}, by their inclusive cost:
${calls.map((call) => callLine(call, c.change, inTree, links, unit)).join("\n")}` : "";
  return `${head}; ${explained2} (own cost${c.judged === "estimated_cycles" ? ", instructions beside" : ""})${thin}.

| function | line with the largest change | ${unit} | % | called most from |
|---|---|---:|---:|---|
${rows.join("\n")}${callsPart}`;
}
function whereCostSection(items, links, maxSteps) {
  if (items.length === 0 || maxSteps <= 0) return "";
  const size = (item) => "error" in item.comparison ? -1 : Math.abs(item.comparison.change / (item.comparison.base || 1));
  const sorted = [...items].sort((a, b) => size(b) - size(a));
  const shown = sorted.slice(0, maxSteps);
  const left = sorted.length - shown.length;
  const more = left > 0 ? `

${left} more step${left === 1 ? "" : "s"} left out for the comment's size: \`db-bench-gate functions RESULTS --step STEP\` shows them.` : "";
  return `**Where the cost went** (per operation, by function; counted under valgrind, start-up and load differenced out)

${shown.map((item) => stepPart(item, links)).join("\n\n")}${more}`;
}

// src/report/markdown.ts
var COMMENT_LIMIT = 65536;
var CLIENT_SHARE_SUSPECT = 0.25;
var ABSOLUTE_HEADER = { ...METRIC_NAMES, cpu_us_per_op: "cpu \xB5s/op" };
var LOG_MAX_LINES = 40;
var LOG_MAX_CHARS = 4e3;
var ICON = {
  regression: "\u274C",
  error: "\u{1F4A5}",
  warning: "\u26A0\uFE0F",
  unstable: "\u3030\uFE0F",
  missing: "\u2754",
  "n/a": "\u25AB\uFE0F",
  improvement: "\u{1F680}",
  unchanged: "\u2796"
};
var COUNT_NOUN = {
  regression: ["regression", "regressions"],
  error: ["error", "errors"],
  warning: ["warning", "warnings"],
  unstable: ["unstable", "unstable"],
  missing: ["missing", "missing"],
  "n/a": ["QPS not measured", "QPS not measured"],
  improvement: ["improvement", "improvements"],
  unchanged: ["unchanged", "unchanged"]
};
var EXPLAINED = /* @__PURE__ */ new Set(["regression", "warning", "unstable", "missing"]);
function commentMarker(profile) {
  return `<!-- db-bench-gate:profile=${encodeURIComponent(profile)} -->`;
}
var MEASURING = "> \u23F3 **measuring";
function measuringBody(previous, profile, sha, runUrl) {
  const marker = commentMarker(profile);
  const lines = previous.split("\n");
  const rest = lines.slice(lines[0] === marker ? 1 : 0);
  while (rest[0] === "" || rest[0]?.startsWith(MEASURING)) rest.shift();
  const run = runUrl ? ` ([workflow run](${runUrl}))` : "";
  return [marker, "", `${MEASURING} ${inlineCode(shortSha(sha))}**${run}: the numbers below are from the previous run.`, "", ...rest].join("\n");
}
function resultsRunMarker(runId) {
  return `<!-- db-bench-gate:results-run=${runId} -->`;
}
function resultsRunOf(body) {
  const match = /^<!-- db-bench-gate:results-run=(\d+) -->$/m.exec(body);
  return match ? Number(match[1]) : null;
}
var CUTS = ["the chart", "the metrics tables", "the error logs", "the run details", "unchanged rows"];
var CUT_CHART = 1;
var CUT_METRICS = 2;
var CUT_LOGS = 3;
var CUT_RUN = 4;
var CUT_UNCHANGED = 5;
var WHERE_COST_STEPS = 10;
var WHERE_COST_STEPS_CUT = 2;
function renderMarkdown(comparisons, options = {}) {
  const columns = columnsOf(comparisons);
  const profiles = [...new Set(comparisons.map((c) => c.context.profile.name))];
  const report = {
    comparisons,
    labels: comparisonLabels(comparisons),
    columns,
    rows: sortByVerdict(rowsOf(columns)),
    title: options.title ?? `db-bench-gate \xB7 ${profiles.join(", ")} \xB7 ${[...new Set(comparisons.map((c) => c.context.fingerprint.arch))].join(", ")}`,
    maxLength: options.maxLength ?? COMMENT_LIMIT,
    failOn: options.failOn ?? DEFAULT_FAIL_ON,
    gate: decideGate(comparisons, options.failOn ?? DEFAULT_FAIL_ON, options.acceptance ?? null),
    options
  };
  for (let level = 0; level <= CUTS.length; level++) {
    const text = render(report, { level, rowLimit: null });
    if (text.length <= report.maxLength) return text;
  }
  const candidates = visibleRows(report, { level: CUTS.length, rowLimit: null }).length;
  const fits = (rowLimit) => render(report, { level: CUTS.length, rowLimit }).length <= report.maxLength;
  if (!fits(0)) return hardCut(render(report, { level: CUTS.length, rowLimit: 0 }), report.maxLength);
  let low = 0;
  let high = candidates;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(mid)) low = mid;
    else high = mid - 1;
  }
  return render(report, { level: CUTS.length, rowLimit: low });
}
function hardCut(text, maxLength) {
  const notice = "\n\n\u2702\uFE0F Cut at the size limit.\n";
  if (maxLength <= notice.length) return text.slice(0, maxLength);
  return text.slice(0, maxLength - notice.length) + notice;
}
function visibleRows(report, cuts) {
  const rows = cuts.level >= CUT_UNCHANGED ? report.rows.filter((r) => r.verdict !== "unchanged") : report.rows;
  return cuts.rowLimit === null ? rows : rows.slice(0, cuts.rowLimit);
}
function render(report, cuts) {
  const rows = visibleRows(report, cuts);
  const firstProfile = report.comparisons[0]?.context.profile.name ?? "";
  const sections = [
    [commentMarker(firstProfile), ...report.options.resultsRun ? [resultsRunMarker(report.options.resultsRun)] : []].join("\n"),
    heading(report),
    countsLine(report),
    sweepRegressionLine(report.comparisons),
    instructionCountsLine(report),
    comparedLine(report),
    reproduceLine(report),
    acceptedLine(report),
    ccLine(report),
    mainTable(report, rows),
    clientWarning(report, rows),
    flaggedSection(report, rows),
    whereCostSection(report.options.whereCost?.items ?? [], report.options.whereCost?.links ?? null, cuts.level < CUT_METRICS ? WHERE_COST_STEPS : cuts.level < CUT_UNCHANGED ? WHERE_COST_STEPS_CUT : 0),
    errorsSection(report, rows, cuts.level < CUT_LOGS),
    setupSection(report),
    cuts.level < CUT_CHART ? chartSection(report) : "",
    cuts.level < CUT_METRICS ? renderSweeps(report.comparisons, report.options.charts) : "",
    cuts.level < CUT_METRICS ? renderIbench(report.comparisons) : "",
    cuts.level < CUT_METRICS ? renderDbBench(report.comparisons) : "",
    cuts.level < CUT_METRICS ? renderPricePerformance(report.comparisons, report.options.runnerCost) : "",
    cuts.level < CUT_METRICS ? metricsSection(report) : "",
    cuts.level < CUT_RUN ? runSection(report) : "",
    cutNotice(report, cuts, rows),
    report.options.proceed === null ? "" : howToProceed(report.comparisons, report.gate, report.options.proceed ?? { kind: "cli" })
  ];
  return sections.filter((s) => s !== "").join("\n\n") + "\n";
}
var NUMBERED = /* @__PURE__ */ new Set(["regression", "warning", "unstable", "improvement"]);
function rowHas(row2, verdict) {
  return row2.cells.some((cell) => cell?.result && (cell.result.verdict === verdict || cell.result.instructions?.verdict === verdict));
}
function stepNumber(report, row2, verdict) {
  const numbers = row2.cells.flatMap((cell, i) => {
    const result = cell?.result;
    if (!result) return [];
    const where = report.columns.length > 1 ? `, ${escapeMarkdown(report.columns[i]?.name ?? "")}` : "";
    const qps = result.verdict === verdict ? result.qps?.estimate : void 0;
    const counted = result.instructions?.verdict === verdict ? judgedRatio(result.instructions)?.estimate : void 0;
    const channel = result.instructions ? cpuChannel(result.instructions) : "";
    return [
      ...qps !== void 0 ? [{ text: `QPS ${formatRatio(qps)} (${formatChange(qps - 1)}${where})`, size: Math.abs(qps - 1) }] : [],
      ...counted !== void 0 ? [{ text: `${channel} ${counted.toFixed(3)} (${formatChange(counted - 1)}${where})`, size: Math.abs(counted - 1) }] : []
    ];
  });
  return numbers.sort((a, b) => b.size - a.size)[0] ?? null;
}
function worstStep(report, verdict, word) {
  const rows = report.rows.filter((row2) => rowHas(row2, verdict));
  const numbered = NUMBERED.has(verdict) ? rows.flatMap((row2) => {
    const n = stepNumber(report, row2, verdict);
    return n ? [{ row: row2, n }] : [];
  }) : [];
  const worst = numbered.sort((a, b) => b.n.size - a.n.size)[0];
  if (worst) return ` \xB7 ${word} ${inlineCode(worst.row.step)} ${worst.n.text}`;
  const [first2] = rows;
  return first2 ? ` \xB7 ${word === "worst" ? "first" : word} ${inlineCode(first2.step)}` : "";
}
function heading(report) {
  const { gate } = report;
  const failing = gate.reasons.filter((r) => r.cause !== "no-samples");
  if (gate.reasons.some((r) => r.cause === "no-samples")) return `## \u274C No samples: nothing was measured`;
  const { claim, notes } = judgedWords(report.comparisons);
  const open2 = notes.map((note) => ` \xB7 ${note}`).join("");
  if (failing.length === 1 && failing[0]?.cause === "unjudged") return `## \u2754 Nothing could be judged: the check fails${open2}`;
  if (failing.length > 0) {
    const [first2] = failing;
    return `## \u274C ${failing.map((r) => r.summary).join(", ")}${first2 ? worstStep(report, first2.cause, "worst") : ""}`;
  }
  const [found] = gate.ungated;
  if (found) {
    const mark = found.cause === "unjudged" ? "\u2754" : "\u26A0\uFE0F";
    const words = ungatedHeadline(gate);
    const accepted = gate.accepted ? ` \xB7 ${gate.accepted.summary} accepted` : "";
    return `## ${mark} ${words.charAt(0).toUpperCase()}${words.slice(1)}${found.cause === "unjudged" ? "" : worstStep(report, found.cause, "worst")}${accepted}${open2}`;
  }
  if (gate.accepted) return `## \u2705 ${gate.accepted.summary} accepted${worstStep(report, "regression", "worst")}${open2}`;
  const improvements = report.rows.filter((row2) => rowHas(row2, "improvement")).length;
  const better = improvements > 0 ? ` \xB7 ${plural(improvements, "improvement")}` : "";
  return `## \u2705 ${claim}${open2}${better}`;
}
function acceptedLine(report) {
  const { accepted } = report.gate;
  if (!accepted) return "";
  return `\u2705 ${plural(accepted.count, "regression")} (${accepted.steps.map((s) => inlineCode(s)).join(", ")}) accepted by ${escapeMarkdown(`@${accepted.by}`)}, who set the label ${inlineCode(accepted.label)} after the last push: the check passes. Removing the label and rerunning fails it again.`;
}
function ccLine(report) {
  const cc = report.options.cc ?? [];
  const regressed2 = report.gate.reasons.some((r) => r.cause === "regression");
  return cc.length > 0 && regressed2 ? `cc ${cc.join(" ")}` : "";
}
function countsLine(report) {
  const counts = countVerdicts(report.rows);
  const parts = VERDICTS.flatMap((verdict) => {
    const count = counts.get(verdict) ?? 0;
    if (count === 0) return [];
    const [one, many] = COUNT_NOUN[verdict];
    const text = plural(count, one, many);
    return [verdict === "regression" || verdict === "error" ? `**${text}**` : text];
  });
  const scope = report.columns.length > 1 ? `${plural(report.rows.length, "step")}, worst over ${report.columns.length} columns` : plural(report.rows.length, "step");
  return `${escapeMarkdown(report.title)} \xB7 ${parts.join(" \xB7 ")} (${scope})`;
}
function hasInstructions(report) {
  return report.comparisons.some((c) => c.instruction_counts !== null);
}
var cpuChannel = (instructions) => instructions.estimated_cycles ? "est. cycles/op" : "instr/op";
var judgedRatio = (instructions) => instructions.estimated_cycles?.ratio ?? instructions.ratio;
var judgesCycles = (comparison) => comparison.steps.some((s) => s.variants.some((v) => v.instructions?.estimated_cycles));
var cpuColumn = (comparisons) => comparisons.some(judgesCycles) ? "est. cycles/op ratio" : "instr/op ratio";
function rowInstructionVerdict(row2) {
  const verdicts = row2.cells.flatMap((cell) => cell?.result?.instructions ? [cell.result.instructions.verdict] : []);
  return verdicts.sort((a, b) => INSTRUCTION_VERDICTS.indexOf(a) - INSTRUCTION_VERDICTS.indexOf(b))[0] ?? null;
}
function instructionCountsLine(report) {
  if (!hasInstructions(report)) return "";
  const verdicts = report.rows.map(rowInstructionVerdict).filter((v) => v !== null);
  const parts = INSTRUCTION_VERDICTS.flatMap((verdict) => {
    const count = verdicts.filter((v) => v === verdict).length;
    if (count === 0) return [];
    const text = verdict === "n/a" ? `${count} n/a` : plural(count, ...COUNT_NOUN[verdict]);
    return [verdict === "regression" || verdict === "error" ? `**${text}**` : text];
  });
  const channel = report.comparisons.some(judgesCycles) ? "Estimated cycles per operation" : "Instructions per operation";
  return `${channel}: ${parts.length > 0 ? parts.join(" \xB7 ") : "no step counted"}`;
}
function countVerdicts(rows) {
  const counts = /* @__PURE__ */ new Map();
  for (const row2 of rows) counts.set(row2.verdict, (counts.get(row2.verdict) ?? 0) + 1);
  return counts;
}
function variantRecord(comparison, id) {
  const baseline = comparison.context.baseline;
  if (comparison.mode === "unpaired" && baseline && id === comparison.base_variant) return baseline.variant;
  return comparison.context.variants.find((v) => v.id === id);
}
function builtWithText(variant) {
  const { compiler, flags } = variant;
  return [compiler ? `${compiler.name} ${compiler.version}` : null, flags.cflags || "no CFLAGS", flags.ldflags ? `LDFLAGS ${flags.ldflags}` : null].filter((t) => t !== null).join(", ");
}
function variantWithCommit(comparison, id, builtWith) {
  const record = variantRecord(comparison, id);
  if (!record) return inlineCode(id);
  return `${inlineCode(id)} ${shortSha(record.commit)}${builtWith ? ` (${inlineCode(builtWithText(record))})` : ""}`;
}
function maxRounds(comparison) {
  return Math.max(0, ...comparison.steps.flatMap((s) => s.absolute.map((a) => a.ok_samples + a.error_samples)));
}
function comparedLine(report) {
  const texts = report.comparisons.map((c) => {
    const records = [c.base_variant, ...c.variants].flatMap((id) => variantRecord(c, id) ?? []);
    const compilersKnown = records.every((r) => r.compiler !== void 0);
    const builtWith = new Set(records.map((r) => builtWithText(compilersKnown ? r : { ...r, compiler: void 0 }))).size > 1;
    const compared2 = `${c.variants.map((v) => variantWithCommit(c, v, builtWith)).join(", ")} vs ${variantWithCommit(c, c.base_variant, builtWith)}`;
    const how = !c.context.qps_measured ? "instructions per operation only: QPS not measured (--instructions-only)" : c.mode === "paired" ? `paired: up to ${plural(maxRounds(c), "interleaved round")}` : `**unpaired** (up to ${plural(maxRounds(c), "round")}): the base numbers come from the stored baseline run ${inlineCode(c.context.baseline?.run_id ?? "unknown")}, not from this run, so drift between the two runs is not cancelled out`;
    return `${compared2} \xB7 ${how}`;
  });
  const unique = [...new Set(texts)];
  const compared = unique.length === 1 ? unique : texts.map((text, i) => `**${escapeMarkdown(report.labels[i] ?? "")}**: ${text}`);
  const { links } = report.options;
  const linked = [links?.run ? `[workflow run](${links.run})` : null, links?.artifact ? `[results artifact](${links.artifact})` : null].filter((l) => l !== null);
  return [compared.join("; "), ...linked].join(" \xB7 ");
}
function reproduceLine(report) {
  const commands = [...new Set(report.comparisons.map(reproduceCommand).filter((c) => c !== null))];
  return commands.length > 0 ? `Reproduce: ${commands.map((c) => inlineCode(c)).join(" \xB7 ")}` : "";
}
function machineText(c) {
  const { engine, profile, fingerprint } = c.context;
  return [
    `${escapeMarkdown(engine.name)} ${escapeMarkdown(engine.version)}`,
    `profile ${inlineCode(profile.name)} v${profile.version}`,
    `${escapeMarkdown(fingerprint.cpu_model)} (${escapeMarkdown(fingerprint.arch)}, ${plural(fingerprint.cores, "core")})`
  ].join(" \xB7 ");
}
function setupSection(report) {
  const several = report.comparisons.length > 1;
  const label = (i) => several ? `**${escapeMarkdown(report.labels[i] ?? "")}**: ` : "";
  const machines = report.comparisons.map((c, i) => `- ${label(i)}${machineText(c)}`);
  const thresholds = report.comparisons.map((c) => thresholdsText(c.thresholds, c.overrides, c.instruction_counts !== null, dropTests(c)));
  const effective = report.comparisons.flatMap((c, i) => effectiveLines(c).map((line) => `- ${label(i)}${line}`));
  const body = [
    machines.join("\n"),
    `Fails the check: ${report.failOn.length > 0 ? report.failOn.join(", ") : "nothing but a run without samples"} (input \`fail-on\`).`,
    new Set(thresholds).size === 1 ? thresholds[0] : thresholds.map((text, i) => `- ${label(i)}${text}`).join("\n"),
    effective.length > 0 ? `Judged otherwise than configured (A/A noise floor, adaptive rounds, instruction spread):

${effective.join("\n")}` : ""
  ].filter((part) => part !== "");
  return details("Machine, thresholds, per-step \u03B1", body.join("\n\n"));
}
function dropTests(c) {
  return c.steps.flatMap((s) => s.variants).find((v) => v.qps_drop_test)?.qps_drop_test?.tests ?? null;
}
function thresholdsText(thresholds, overrides, instructions, tests) {
  const confidence = `${Number(((1 - thresholds.alpha) * 100).toFixed(1))}%`;
  const instructionText = instructions ? ` \xB7 instr/op: **regression** above ${formatLimit(thresholds.instructions_fail_above)}, warning above ${formatLimit(thresholds.instructions_warn_above)}, improvement below ${formatLimit(thresholds.instructions_improve_below)}, when the variant's median is outside the base's repeats` : "";
  const base = `Thresholds: **regression** below ${formatLimit(thresholds.fail_below)} (${tests === null ? `significant at \u03B1 = ${thresholds.alpha}` : `a drop significant at \u03B1 = ${thresholds.alpha} shared by ${plural(tests, "step")}: one-sided t-test`}) \xB7 warning below ${formatLimit(thresholds.warn_below)} \xB7 improvement above ${formatLimit(thresholds.improve_above)} \xB7 intervals are ${confidence}${instructionText}`;
  if (overrides.length === 0) return base;
  const perStep = overrides.map((o) => {
    const set = [
      o.fail_below !== void 0 ? `regression below ${formatLimit(o.fail_below)}` : null,
      o.warn_below !== void 0 ? `warning below ${formatLimit(o.warn_below)}` : null,
      o.improve_above !== void 0 ? `improvement above ${formatLimit(o.improve_above)}` : null,
      o.alpha !== void 0 ? `\u03B1 = ${o.alpha}` : null,
      o.instructions_fail_above !== void 0 ? `instr/op regression above ${formatLimit(o.instructions_fail_above)}` : null,
      o.instructions_warn_above !== void 0 ? `instr/op warning above ${formatLimit(o.instructions_warn_above)}` : null,
      o.instructions_improve_below !== void 0 ? `instr/op improvement below ${formatLimit(o.instructions_improve_below)}` : null
    ].filter((s) => s !== null);
    return `${inlineCode(o.step)}: ${set.join(", ")}`;
  });
  return `${base}. Per step: ${perStep.join("; ")}`;
}
function liftedLines(c, v) {
  const lines = v.instructions?.lines;
  const text = lines ? liftedLinesText(lines, v.thresholds, c.base_variant) : null;
  return text === null ? [] : [`instr/op ${escapeMarkdown(text)}`];
}
function effectiveLines(c) {
  return c.steps.flatMap((step) => {
    const changes = [
      ...new Set(
        step.variants.flatMap((v) => [
          ...v.noise_floor !== void 0 ? [`regression below ${formatRatio(Math.min(v.thresholds.fail_below, 1 - v.noise_floor))}, a significant drop below ${formatRatio(v.thresholds.fail_below)} within it a warning (A/A noise floor \xB1${(v.noise_floor * 100).toFixed(1)}%)`] : [],
          ...v.noise_floor_note !== void 0 ? [escapeMarkdown(v.noise_floor_note)] : [],
          ...v.configured_alpha !== void 0 ? [`\u03B1 = ${Number(v.thresholds.alpha.toPrecision(2))} (adaptive rounds: the level of the look at ${v.qps?.n ?? "?"} pairs)`] : [],
          ...liftedLines(c, v)
        ])
      )
    ];
    return changes.length ? [`${inlineCode(step.step)}: ${changes.join(", ")}`] : [];
  });
}
function estimate(ratio2) {
  return formatRatio(ratio2?.estimate);
}
function verdictText(verdict) {
  return `${ICON[verdict]} ${verdict}`;
}
function instructionVerdictText(verdict) {
  return verdict === "n/a" ? "n/a" : verdictText(verdict);
}
function instructionCell(result, { withInstructions = true } = {}) {
  const instructions = result?.instructions;
  if (!result || !instructions) return NONE;
  const { verdict, lines } = instructions;
  const ratio2 = judgedRatio(instructions);
  if (!ratio2 || verdict === "n/a") return instructionVerdictText(verdict);
  const lifted = lines && lines.fail_above > result.thresholds.instructions_fail_above ? lines.fail_above : null;
  const beside = withInstructions && instructions.estimated_cycles && instructions.ratio ? ` \xB7 instr/op ${instructions.ratio.estimate.toFixed(3)}` : "";
  return `${verdict === "unchanged" ? "" : `${ICON[verdict]} `}${formatInstructionRatio(ratio2, lifted)}${beside}`;
}
function stepVerdictText(verdict, result) {
  const instructions = result?.instructions;
  if (!result || !instructions) return verdictText(verdict);
  const channels = [[result.verdict, "QPS"], [instructions.verdict, cpuChannel(instructions)]].flatMap(
    ([v, channel]) => v === "unchanged" || v === "n/a" ? [] : [{ verdict: v, channel }]
  );
  const [first2, second] = channels.sort((a, b) => verdictRank(a.verdict) - verdictRank(b.verdict));
  if (!first2) return verdictText(verdict);
  if (second && second.verdict === first2.verdict) return `${verdictText(first2.verdict)} (QPS, ${cpuChannel(instructions)})`;
  return channels.map((c) => `${verdictText(c.verdict)} (${c.channel})`).join(" \xB7 ");
}
var INSTRUCTIONS_NOTE = "instr/op ratio: instructions per operation, counted under valgrind rather than timed, variant / base: the median of the repeats, and in brackets the lowest and highest ratio the two sides' repeats give (a range, not an interval); above 1.00 is more CPU work per operation.";
var CYCLES_NOTE = "est. cycles/op ratio: the same for estimated cycles per operation, instructions + 10 \xD7 first-level + 100 \xD7 last-level cache misses of valgrind's cache simulation (KCachegrind's cycle estimation): what judged the CPU cost; instructions per op are in the details.";
function storedCell(stored, row2) {
  const result = stored.comparison.steps.find((s) => s.step === row2.step)?.variants[0];
  if (!result) return NONE;
  const mark = result.verdict === "unchanged" ? "" : `${ICON[result.verdict]} `;
  return result.qps ? `${mark}${formatInterval(result.qps)}` : verdictText(result.verdict);
}
function storedHeader(stored) {
  return `QPS ratio vs ${escapeMarkdown(stored.branch)} (stored)`;
}
function storedNote(report) {
  const stored = report.options.storedBaseline;
  if (!stored) return "";
  const { comparison, branch, from } = stored;
  const [variant] = comparison.variants;
  return ` ${storedHeader(stored)}: ${inlineCode(variant ?? "")} against the baseline stored by ${inlineCode(branch)} (${from}), unpaired (another run: drift between the runs is not cancelled out), informational: it never fails the check.`;
}
function qpsRatioNote(report, ratio2) {
  const paired = report.comparisons.find((c) => c.mode === "paired");
  const alpha = (paired ?? report.comparisons[0])?.thresholds.alpha ?? 0.01;
  const confidence = `${Number(((1 - alpha) * 100).toFixed(1))}%`;
  const rounds = paired ? " Each round measures both sides back to back: the ratio is the median of the per-round ratios." : "";
  return `QPS ratio: ${ratio2}, with its ${confidence} interval; above 1.00 is faster.${rounds}`;
}
function stepsTable(report, rows) {
  const [only] = report.columns;
  const stored = report.options.storedBaseline;
  if (report.columns.length === 1 && only) {
    const ratio2 = `${escapeMarkdown(only.variant)}/${escapeMarkdown(only.comparison.base_variant)}`;
    const counted2 = hasInstructions(report);
    const header2 = ["step", `QPS ratio ${ratio2}`, ...stored ? [storedHeader(stored)] : [], ...counted2 ? [`${cpuColumn([only.comparison])} ${ratio2}`] : [], "verdict"];
    const body2 = rows.map((row2) => {
      const result = row2.cells[0]?.result;
      return [
        inlineCode(row2.step, true),
        formatInterval(result?.qps),
        ...stored ? [storedCell(stored, row2)] : [],
        ...counted2 ? [instructionCell(result)] : [],
        stepVerdictText(row2.verdict, result)
      ];
    });
    return markdownTable([header2, ...body2], { align: ["l", ...header2.slice(1, -1).map(() => "r"), "l"] });
  }
  const counted = report.columns.map((c) => c.comparison.instruction_counts !== null);
  const header = [
    "step",
    ...report.columns.flatMap((c, i) => [`${escapeMarkdown(c.name)} QPS ratio`, ...counted[i] ? [`${escapeMarkdown(c.name)} ${cpuColumn([c.comparison])}`] : []]),
    ...stored ? [storedHeader(stored)] : [],
    "verdict"
  ];
  const body = rows.map((row2) => [
    inlineCode(row2.step, true),
    ...row2.cells.flatMap((cell, i) => {
      const qpsCell = () => {
        if (!cell) return "not run";
        if (!cell.result) return NONE;
        const { verdict, qps } = cell.result;
        const mark = verdict === "unchanged" ? "" : `${ICON[verdict]} `;
        return qps ? `${mark}${formatInterval(qps)}` : verdictText(verdict);
      };
      return [qpsCell(), ...counted[i] ? [instructionCell(cell?.result)] : []];
    }),
    ...stored ? [storedCell(stored, row2)] : [],
    whereVerdict(report, row2)
  ]);
  return markdownTable([header, ...body], { align: ["l", ...header.slice(2).map(() => "r"), "l"] });
}
function mainTable(report, rows) {
  const attention = rows.filter((r) => r.verdict !== "unchanged");
  const unchanged = rows.filter((r) => r.verdict === "unchanged");
  const [only] = report.columns;
  const single = report.columns.length === 1 && only;
  const ratio2 = single ? `${inlineCode(only.variant)} / ${inlineCode(only.comparison.base_variant)}` : `each column's variant / its base (${[...new Set(report.comparisons.map((c) => inlineCode(c.base_variant)))].join(", ")})`;
  const counted = report.comparisons.some((c) => c.instruction_counts !== null);
  const cycles = report.comparisons.some(judgesCycles);
  const note = `${qpsRatioNote(report, ratio2)}${counted ? ` ${INSTRUCTIONS_NOTE}` : ""}${cycles ? ` ${CYCLES_NOTE}` : ""}${storedNote(report)}`;
  const parts = [
    attention.length > 0 ? stepsTable(report, attention) : "Every step is unchanged.",
    unchanged.length > 0 ? details(`${plural(unchanged.length, "unchanged step")}`, stepsTable(report, unchanged)) : "",
    note
  ];
  return parts.filter((p) => p !== "").join("\n\n");
}
function whereVerdict(report, row2) {
  const where = report.columns.filter((_, i) => {
    const result = row2.cells[i]?.result;
    return result && cellVerdict(result) === row2.verdict;
  }).map((c) => escapeMarkdown(c.name));
  return where.length > 0 ? `${verdictText(row2.verdict)} (${where.join(", ")})` : verdictText(row2.verdict);
}
function clientMayBottleneck(share) {
  return share !== null && share >= CLIENT_SHARE_SUSPECT;
}
function clientWarning(report, rows) {
  const suspects = rows.filter((row2) => row2.cells.some((cell) => cell?.step.absolute.some((a) => clientMayBottleneck(a.client_cpu_share))));
  if (suspects.length === 0) return "";
  return `\u26A0\uFE0F The benchmark client used ${formatPercent(CLIENT_SHARE_SUSPECT)} or more of the host CPU in ${suspects.map((r) => inlineCode(r.step)).join(", ")}: the client may be the bottleneck there, so QPS may understate the server.`;
}
function cellPlace(report, column) {
  return report.columns.length > 1 ? ` \xB7 ${escapeMarkdown(column.name)}` : "";
}
var explained = (verdict, errors) => EXPLAINED.has(verdict) || verdict === "error" && errors.length === 0;
function flaggedSection(report, rows) {
  const items = rows.flatMap(
    (row2) => report.columns.flatMap((column, i) => {
      const result = row2.cells[i]?.result;
      const place2 = `${inlineCode(row2.step)}${cellPlace(report, column)}`;
      const instructions = result?.instructions;
      const counted = instructions && instructions.verdict !== "n/a" && explained(instructions.verdict, instructions.errors) ? [`- ${ICON[instructions.verdict]} ${place2} \u2014 ${cpuChannel(instructions)} ${instructions.verdict}: ${escapeMarkdown(instructions.reason)}${countedText(instructions)}`] : [];
      if (!result || !explained(result.verdict, result.errors)) return counted;
      const hints = result.hints.map((hint) => `
  - ${escapeMarkdown(hint)}`).join("");
      return [`- ${ICON[result.verdict]} ${place2} \u2014 ${result.verdict}: ${escapeMarkdown(result.reason)}${hints}`, ...counted];
    })
  );
  return items.length > 0 ? `**Why these steps were flagged**

${items.join("\n")}` : "";
}
function countedText(instructions) {
  const counts = (sides2, unit) => {
    const counted = sides2.filter((s) => s !== null);
    return counted.length > 0 ? `${counted.map((s) => `${escapeMarkdown(s.variant)} ${formatCount(s.median)}`).join(", ")} ${unit} per op` : "";
  };
  const cycles = instructions.estimated_cycles;
  if (!cycles) {
    const text = counts([instructions.base, instructions.variant], "instructions");
    return text ? ` (${text})` : "";
  }
  const byInstructions = `instructions alone: ${cycles.instructions.verdict}, ${escapeMarkdown(cycles.instructions.reason)}`;
  return ` (${counts([cycles.base, cycles.variant], "estimated cycles")}; ${byInstructions}, ${counts([instructions.base, instructions.variant], "instructions")})`;
}
function roundRanges(rounds) {
  const sorted = [...new Set(rounds)].sort((a, b) => a - b);
  const ranges = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j++;
    ranges.push(j > i ? `${sorted[i]}\u2013${sorted[j]}` : `${sorted[i]}`);
    i = j + 1;
  }
  return ranges.join(", ");
}
function errorGroups(report, rows) {
  const groups = /* @__PURE__ */ new Map();
  const seen = /* @__PURE__ */ new Set();
  for (const row2 of rows) {
    report.columns.forEach((column, i) => {
      const comparisonIndex = report.comparisons.indexOf(column.comparison);
      const result = row2.cells[i]?.result;
      const errors = [
        ...(result?.errors ?? []).map((e) => ({ ...e, what: "round", at: e.round })),
        ...(result?.instructions?.errors ?? []).map((e) => ({ ...e, what: "instruction count, repeat", at: e.repeat }))
      ];
      for (const error of errors) {
        const sampleKey = JSON.stringify([comparisonIndex, row2.step, error.variant, error.what, error.at]);
        if (seen.has(sampleKey)) continue;
        seen.add(sampleKey);
        const groupKey = JSON.stringify([comparisonIndex, row2.step, error.variant, error.what, error.message]);
        const place2 = report.comparisons.length > 1 ? ` \xB7 ${escapeMarkdown(report.labels[comparisonIndex] ?? "")}` : "";
        const group = groups.get(groupKey) ?? { step: row2.step, place: place2, variant: error.variant, what: error.what, message: error.message, rounds: [], log: error.log_excerpt, firstRound: error.at };
        group.rounds.push(error.at);
        groups.set(groupKey, group);
      }
    });
  }
  return [...groups.values()];
}
function errorsSection(report, rows, withLogs) {
  const groups = errorGroups(report, rows);
  if (groups.length === 0) return "";
  const blocks = groups.map((g2) => {
    const line = `${ICON.error} ${inlineCode(g2.step)}${g2.place} \xB7 ${inlineCode(g2.variant)}, ${g2.what}${g2.rounds.length > 1 ? "s" : ""} ${roundRanges(g2.rounds)}: ${escapeMarkdown(g2.message)}`;
    if (!withLogs || g2.log.trim() === "") return line;
    const summary = `Log excerpt: ${escapeHtml(g2.step)} \xB7 ${escapeHtml(g2.variant)} \xB7 ${g2.what} ${g2.firstRound}`;
    return `${line}

<details><summary>${summary}</summary>

${fencedBlock(logTail(g2.log, LOG_MAX_LINES, LOG_MAX_CHARS))}

</details>`;
  });
  return `**Errors**

${blocks.join("\n\n")}`;
}
function details(summary, body) {
  return `<details><summary>${escapeHtml(summary)}</summary>

${body}

</details>`;
}
function chartSection(report) {
  const inProfileOrder = [...report.rows].sort((a, b) => a.order - b.order);
  const charts = report.columns.flatMap((column, i) => {
    const bars = inProfileOrder.flatMap((row2) => {
      const ratio2 = row2.cells[i]?.result?.qps?.estimate;
      return ratio2 !== void 0 && Number.isFinite(ratio2) ? [{ step: row2.step, ratio: ratio2 }] : [];
    });
    if (bars.length === 0) return [];
    const where = column.label ? ` on ${column.label}` : "";
    return [relativeQpsChart(`Relative QPS ${column.variant} / ${column.comparison.base_variant}${where}`, bars)];
  });
  return charts.length > 0 ? details("Chart: relative QPS per step (line at 1.0 = no change)", charts.join("\n\n")) : "";
}
function roundsCell(a) {
  return a.error_samples > 0 ? `${a.ok_samples} + ${a.error_samples} failed` : `${a.ok_samples}`;
}
function clientCell(share) {
  return clientMayBottleneck(share) ? `\u26A0\uFE0F ${formatPercent(share)}` : formatPercent(share);
}
function metricsTables(comparison) {
  const absoluteRows = comparison.steps.flatMap(
    (step) => step.absolute.map((a, i) => [
      i === 0 ? inlineCode(step.step, true) : "",
      inlineCode(a.variant, true),
      roundsCell(a),
      formatDuration(a.duration_s),
      formatAmount(a.ops_per_s),
      ...METRIC_KEYS.map((key) => formatAmount(a.metrics?.[key])),
      formatAmount(a.latency_p95_ms),
      clientCell(a.client_cpu_share)
    ])
  );
  const absolute = markdownTable(
    [["step", "variant", "rounds", "time", "ops/s", ...METRIC_KEYS.map((k) => ABSOLUTE_HEADER[k]), "p95 ms", "client share"], ...absoluteRows],
    { align: ["l", "l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r"] }
  );
  const relativeRows = comparison.steps.flatMap(
    (step) => step.variants.map((v, i) => [
      i === 0 ? inlineCode(step.step, true) : "",
      inlineCode(v.variant, true),
      estimate(v.qps),
      ...METRIC_KEYS.map((key) => estimate(v.metrics[key])),
      estimate(v.latency_p95)
    ])
  );
  const relative = markdownTable(
    [["step", "variant", "ops/s ratio", ...METRIC_KEYS.map((k) => `${METRIC_NAMES[k]} ratio`), "p95 ratio"], ...relativeRows],
    { align: ["l", "l", "r", "r", "r", "r", "r", "r", "r"] }
  );
  if (!comparison.context.qps_measured) return instructionsTable(comparison).join("\n\n");
  return [
    "Each side, medians over the rounds (cpu \xB5s/op: host CPU per operation, all cores; cs/op: context switches; r/op, rKB/op, wKB/op: storage reads, KB read and written; time: measured seconds of the variant):",
    absolute,
    `Ratios, variant / ${inlineCode(comparison.base_variant)} (above 1.00 is more per operation, except ops/s where it is faster):`,
    relative,
    `client share: the benchmark client's share of all host CPU, worst round; \u26A0\uFE0F at ${formatPercent(CLIENT_SHARE_SUSPECT)} or more the client may be the bottleneck.`,
    ...lsmTable(comparison),
    ...instructionsTable(comparison)
  ].join("\n\n");
}
function lsmTable(comparison) {
  const rows = comparison.steps.flatMap((step) => {
    if (!step.absolute.some((a) => a.lsm_metrics)) return [];
    return step.absolute.map((a, i) => {
      const compared = step.variants.find((v) => v.variant === a.variant);
      return [
        i === 0 ? inlineCode(step.step, true) : "",
        inlineCode(a.variant, true),
        ...LSM_METRIC_KEYS.map((key) => formatAmount(a.lsm_metrics?.[key])),
        ...LSM_METRIC_KEYS.map((key) => compared ? estimate(compared.lsm_metrics[key]) : "")
      ];
    });
  });
  if (rows.length === 0) return [];
  const header = ["step", "variant", ...LSM_METRIC_KEYS.map((k) => LSM_METRIC_NAMES[k]), ...LSM_METRIC_KEYS.map((k) => `${LSM_METRIC_NAMES[k]} ratio`)];
  return [
    `RocksDB's own write counters (db_bench --statistics, steps that write), per measured operation, medians over the rounds: bytes compactions read and wrote, bytes flushes wrote, and w-amp, (flush + compaction bytes written) / bytes written by the benchmark; ratios variant / ${inlineCode(comparison.base_variant)} (\u2014 where a side is 0):`,
    markdownTable([header, ...rows], { align: ["l", "l", ...header.slice(2).map(() => "r")] })
  ];
}
function instructionRow(label, side, result, cycles) {
  const compared = result?.instructions;
  const notCounted = compared?.verdict === "n/a" ? "n/a" : NONE;
  const instructionsRatio = compared?.ratio ? formatInstructionRatio(compared.ratio) : compared ? instructionVerdictText(compared.verdict) : "";
  return [
    inlineCode(label, true),
    side ? formatCount(side.median) : notCounted,
    side ? String(side.repeats) : "",
    side ? formatSpread(side.spread) : "",
    ...cycles ? [compared?.estimated_cycles ? instructionsRatio : "", cycles.side ? formatCount(cycles.side.median) : notCounted, cycles.side ? formatSpread(cycles.side.spread) : ""] : [],
    // the counts table has instructions' ratio in a column of its own
    result ? instructionCell(result, { withInstructions: false }) : "",
    side ? escapeMarkdown(`${side.counted} (${side.tool})`) : compared?.verdict === "n/a" ? escapeMarkdown(compared.reason) : ""
  ];
}
function instructionsTable(comparison) {
  if (comparison.instruction_counts === null) return [];
  const cycles = judgesCycles(comparison);
  const rows = comparison.steps.flatMap((step) => {
    const compared = step.variants.flatMap((v) => v.instructions ? [{ result: v, instructions: v.instructions }] : []);
    if (compared.length === 0) return [];
    const base = compared.find((c) => c.instructions.base)?.instructions.base ?? null;
    const baseCycles = compared.find((c) => c.instructions.estimated_cycles)?.instructions.estimated_cycles?.base ?? null;
    const sides2 = [
      instructionRow(comparison.base_variant, base, null, cycles ? { side: baseCycles } : null),
      ...compared.map((c) => instructionRow(c.result.variant, c.instructions.variant, c.result, cycles ? { side: c.instructions.estimated_cycles?.variant ?? null } : null))
    ];
    return sides2.map((cells, i) => [i === 0 ? inlineCode(step.step, true) : "", ...cells]);
  });
  if (rows.length === 0) return [];
  const header = ["step", "variant", "instr/op", "repeats", "spread", ...cycles ? ["instr/op ratio", "est. cycles/op", "spread", "est. cycles/op ratio"] : ["instr/op ratio"], "counted"];
  const table = markdownTable([header, ...rows], { align: ["l", "l", ...header.slice(2, -1).map(() => "r"), "l"] });
  return [
    "Instructions per operation, counted rather than timed (median of the repeats; spread: (max \u2212 min) / median; instr/op ratio: variant / base, in brackets the lowest and highest ratio of the two sides' repeats)" + (cycles ? "; estimated cycles per operation the same way (instructions + 10 \xD7 first-level + 100 \xD7 last-level cache misses), their ratio judged:" : ":"),
    table,
    "n/a: not counted on either side (the reason is in its row): a step the profile leaves out, or no valgrind on the runner; never a failure."
  ];
}
function metricsSection(report) {
  return report.comparisons.map((c, i) => {
    const where = report.comparisons.length > 1 ? ` \xB7 ${report.labels[i] ?? ""}` : "";
    return details(`Metrics per operation${where}`, metricsTables(c));
  }).join("\n\n");
}
function runDuration(started, finished) {
  const seconds = (Date.parse(finished) - Date.parse(started)) / 1e3;
  return Number.isFinite(seconds) ? formatDuration(seconds) : NONE;
}
function fingerprintTable(report) {
  const fields = [
    ["arch", (c) => c.context.fingerprint.arch],
    ["CPU", (c) => c.context.fingerprint.cpu_model],
    ["cores", (c) => `${c.context.fingerprint.cores}${c.context.fingerprint.smt === null ? "" : c.context.fingerprint.smt ? ", SMT on" : ", SMT off"}`],
    ["memory", (c) => `${formatAmount(c.context.fingerprint.memory_mib / 1024)} GiB`],
    ["kernel", (c) => c.context.fingerprint.kernel],
    ["OS", (c) => c.context.fingerprint.os],
    ["compiler", (c) => c.context.fingerprint.compiler ? `${c.context.fingerprint.compiler.name} ${c.context.fingerprint.compiler.version}` : NONE],
    ["runner", (c) => [c.context.fingerprint.runner.name ?? NONE, ...c.context.fingerprint.runner.labels].join(", ")],
    ["host (hash)", (c) => c.context.fingerprint.hostname_hash],
    ["engine", (c) => `${c.context.engine.name} ${c.context.engine.version}`],
    ["profile", (c) => `${c.context.profile.name} v${c.context.profile.version} (${c.context.profile.hash.slice(0, 12)})`],
    ["CPUs", (c) => cpuPlacementText(c.context.cpu_placement)],
    ["run", (c) => c.context.run_id],
    ["started", (c) => c.context.started_at],
    ["duration", (c) => runDuration(c.context.started_at, c.context.finished_at)],
    ["rounds", (c) => `up to ${maxRounds(c)}`],
    ["mode", (c) => c.context.baseline ? `${c.mode}, baseline run ${c.context.baseline.run_id}` : c.mode]
  ];
  return markdownTable([
    ["", ...report.labels.map(escapeMarkdown)],
    ...fields.map(([name, value]) => [name, ...report.comparisons.map((c) => escapeMarkdown(value(c)))])
  ]);
}
function flagsText(variant) {
  const { cc, cxx, cflags, cxxflags, ldflags } = variant.flags;
  const set = [
    ["CC", cc],
    ["CXX", cxx],
    ["CFLAGS", cflags],
    ["CXXFLAGS", cxxflags],
    ["LDFLAGS", ldflags]
  ].flatMap(([name, value]) => value ? [`${name}=${value}`] : []);
  return set.join(" ");
}
function variantsTable(report) {
  const several = report.comparisons.length > 1;
  const rows = report.comparisons.flatMap((c, i) => {
    const baseline = c.context.baseline;
    const entries = [
      ...c.context.variants.map((v) => [v, v.id === c.base_variant ? "(base)" : ""]),
      ...baseline ? [[baseline.variant, `(base, baseline run ${baseline.run_id})`]] : []
    ];
    return entries.map(([v, role]) => [
      ...several ? [escapeMarkdown(report.labels[i] ?? "")] : [],
      role ? `${inlineCode(v.id, true)} ${escapeMarkdown(role)}` : inlineCode(v.id, true),
      inlineCode(v.commit, true),
      v.ref === null ? NONE : inlineCode(v.ref, true),
      inlineCode(flagsText(v), true),
      inlineCode(v.flags.configure_args.join(" "), true),
      inlineCode(v.build_id, true)
    ]);
  });
  return markdownTable([[...several ? [""] : [], "variant", "commit", "ref", "build flags", "configure", "build id"], ...rows]);
}
function notesList(report) {
  const several = report.comparisons.length > 1;
  const notes = report.comparisons.flatMap((c, i) => {
    const prefix = several ? `**${escapeMarkdown(report.labels[i] ?? "")}**: ` : "";
    const budget = c.context.budget_exhausted ? ["The time budget stopped adding rounds: steps have fewer rounds than planned, so their intervals are wider."] : [];
    return [...budget, ...c.context.notes].map((note) => `- ${prefix}${escapeMarkdown(note)}`);
  });
  return notes.length > 0 ? `Notes:

${notes.join("\n")}` : "";
}
function runSection(report) {
  const body = [fingerprintTable(report), variantsTable(report), notesList(report)].filter((s) => s !== "").join("\n\n");
  return details("Run: fingerprint, commits, build flags, rounds, notes", body);
}
function listText(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
function cutNotice(report, cuts, shown) {
  if (cuts.level === 0) return "";
  const left = CUTS.slice(0, Math.min(cuts.level, CUT_RUN)).map(String);
  if (cuts.level >= CUT_UNCHANGED) {
    const unchanged = report.rows.filter((r) => r.verdict === "unchanged").length;
    if (unchanged > 0) left.push(`${plural(unchanged, "unchanged step")} (counted above)`);
  }
  if (cuts.rowLimit !== null) {
    const shownSet = new Set(shown);
    const omitted = countVerdicts(report.rows.filter((r) => r.verdict !== "unchanged" && !shownSet.has(r)));
    if (omitted.size > 0) {
      const byVerdict = [...omitted].map(([verdict, n]) => plural(n, COUNT_NOUN[verdict][0], COUNT_NOUN[verdict][1])).join(", ");
      const total = [...omitted.values()].reduce((a, b) => a + b, 0);
      left.push(`the last ${plural(total, "step")} of the table (${byVerdict})`);
    }
  }
  return `\u2702\uFE0F **Shortened to stay under ${formatAmount(report.maxLength)} characters**: left out ${listText(left)}. The JSON and TSV exports of this comparison have everything.`;
}

// src/bisect.ts
import { mkdtemp as mkdtemp4, rm as rm6 } from "node:fs/promises";
import os5 from "node:os";
import path20 from "node:path";
var import_picomatch2 = __toESM(require_picomatch2(), 1);

// src/pipeline.ts
import { randomBytes } from "node:crypto";
import { existsSync as existsSync6 } from "node:fs";
import { copyFile, mkdtemp as mkdtemp3 } from "node:fs/promises";
import os4 from "node:os";
import path17 from "node:path";

// src/build/progress.ts
var NO_PROGRESS = { phase: null, compiled: 0, total: null };
var COMPILE_FLAG = /\s-c(?:\s|$)/;
var SOURCE_FILE = /\s\S+\.(?:c|cc|cpp|cxx|S)(?:\s|$)/;
var QUIET_COMPILE = /^\s+(?:CC|CXX)\s+\S+\.o$/;
var CMAKE_COMPILE = /^\[\s*\d+%\] Building (?:C|CXX|ASM) object /;
var NINJA = /^\[(\d+)\/(\d+)\]\s/;
function advance(progress, rawLine, phase) {
  if (phase === null) return progress;
  if (phase !== progress.phase) return { phase, compiled: 0, total: null };
  const line = rawLine.replace(/^\[\s*[\d.]+s\]\s/, "");
  if (phase !== "make" || line.startsWith("$ ")) return progress;
  const ninja = NINJA.exec(line);
  if (ninja) return { ...progress, compiled: Number(ninja[1]), total: Number(ninja[2]) };
  const compiles = COMPILE_FLAG.test(line) && SOURCE_FILE.test(line) || QUIET_COMPILE.test(line) || CMAKE_COMPILE.test(line);
  return compiles ? { ...progress, compiled: progress.compiled + 1 } : progress;
}
function progressLine(progress, elapsedS) {
  const time = formatDuration(elapsedS);
  switch (progress.phase) {
    case null:
      return `preparing \xB7 ${time}`;
    case "make":
      return progress.total !== null ? `compile: ${progress.compiled.toLocaleString("en-US")} of ${progress.total.toLocaleString("en-US")} steps \xB7 ${time}` : `compile: ${progress.compiled.toLocaleString("en-US")} files so far \xB7 ${time}`;
    default:
      return `${progress.phase} \xB7 ${time}`;
  }
}

// src/build/cache-cap.ts
import { existsSync as existsSync5 } from "node:fs";
import { lstat as lstat2, lutimes, mkdir as mkdir8, readdir as readdir5, rm as rm4, unlink, writeFile as writeFile5 } from "node:fs/promises";
import { join as join2 } from "node:path";
var ENTRY_MARKER = ".db-bench-gate-entry";
var GIB = 1024 ** 3;
function planEviction(entries, capBytes, keep = /* @__PURE__ */ new Set()) {
  let keptBytes = entries.reduce((sum2, e) => sum2 + e.sizeBytes, 0);
  const evict = [];
  const candidates = entries.filter((e) => !keep.has(e.name)).sort((a, b) => a.lastUsedMs - b.lastUsedMs || a.name.localeCompare(b.name));
  for (const entry of candidates) {
    if (keptBytes <= capBytes) break;
    evict.push(entry);
    keptBytes -= entry.sizeBytes;
  }
  return { evict, keptBytes, overCap: keptBytes > capBytes };
}
async function namesIn(dir, keep) {
  try {
    return (await readdir5(dir, { withFileTypes: true })).filter(keep).map((d) => d.name);
  } catch (e) {
    if (e.code === "ENOENT") return [];
    throw e;
  }
}
async function scanCache(root) {
  const names = await namesIn(root, (d) => d.isDirectory());
  const entries = [];
  for (const name of names.sort()) {
    const marker = await lstat2(join2(root, name, ENTRY_MARKER)).catch(() => null);
    if (!marker?.isFile()) continue;
    entries.push({ name, sizeBytes: await diskUsage(join2(root, name)), lastUsedMs: marker.mtimeMs });
  }
  return entries;
}
async function touchEntry(root, name, now = /* @__PURE__ */ new Date()) {
  const marker = join2(root, name, ENTRY_MARKER);
  const info = await lstat2(marker).catch((e) => {
    if (e.code === "ENOENT") return null;
    throw e;
  });
  if (!info?.isFile() || info.nlink !== 1) {
    if (info) await unlink(marker);
    await writeFile5(marker, "", { flag: "wx" });
  }
  await lutimes(marker, now, now);
}
async function enforceCacheCap(root, capGiB, keep = /* @__PURE__ */ new Set()) {
  const plan = planEviction(await scanCache(root), capGiB * GIB, keep);
  if (plan.evict.length === 0) return plan;
  const owners = await buildUsers();
  for (const entry of plan.evict) await removeUserTree(owners, join2(root, entry.name));
  return plan;
}
async function buildUsers() {
  return (await Promise.all([unprivilegedUser("trusted"), unprivilegedUser("pr")])).filter((user) => user !== null);
}
async function touchPrNamespace(cacheDir, prNamespace) {
  const namespaces = join2(cacheDir, PR_NAMESPACES_DIR);
  await mkdir8(join2(namespaces, prNamespace), { recursive: true });
  await touchEntry(namespaces, prNamespace);
}
async function capBuildCache(cacheDir, capGiB, used, prNamespace) {
  const parts = [{ part: "trusted builds", trust: "trusted" }, ...prNamespace ? [{ part: "builds of this pull request", trust: "pr" }] : []];
  const done = [];
  for (const { part, trust } of parts) {
    const { builds } = cacheNamespace(cacheDir, trust, prNamespace);
    for (const buildId of used) if (existsSync5(join2(builds, buildId))) await touchEntry(builds, buildId);
    done.push({ part, ...await enforceCacheCap(builds, capGiB, used) });
  }
  const namespaces = join2(cacheDir, PR_NAMESPACES_DIR);
  if (prNamespace && existsSync5(join2(namespaces, prNamespace))) await touchEntry(namespaces, prNamespace);
  done.push({ part: "pull request namespaces", ...await enforceCacheCap(namespaces, capGiB, new Set(prNamespace ? [prNamespace] : [])) });
  if (existsSync5(join2(cacheDir, "pr"))) await removeUserTree(await buildUsers(), join2(cacheDir, "pr"));
  return done;
}
var LOG_MAX_AGE_DAYS = 14;
var LOG_CAP_BYTES = GIB;
function planLogPruning(files, nowMs, maxAgeDays = LOG_MAX_AGE_DAYS, capBytes = LOG_CAP_BYTES) {
  const oldestKeptMs = nowMs - maxAgeDays * 24 * 3600 * 1e3;
  let keptBytes = 0;
  return [...files].sort((a, b) => b.modifiedMs - a.modifiedMs || a.name.localeCompare(b.name)).filter((file) => {
    keptBytes += file.sizeBytes;
    return file.modifiedMs < oldestKeptMs || keptBytes > capBytes;
  });
}
async function pruneLogs(logsDir, now) {
  const files = [];
  for (const name of await namesIn(logsDir, (d) => d.isFile())) {
    const info = await lstat2(join2(logsDir, name)).catch(() => null);
    if (info) files.push({ name, sizeBytes: info.size, modifiedMs: info.mtimeMs });
  }
  const removed = planLogPruning(files, now.getTime());
  for (const file of removed) await rm4(join2(logsDir, file.name), { force: true });
  return removed;
}

// src/driver/client-rusage.ts
var MAX_REPORT_BYTES = 4096;
var POLL_PEAK_RSS = [
  '( peak=; while kill -0 "$client" 2>/dev/null; do',
  '    while read -r key value unit; do [ "$key" = VmHWM: ] && peak=$value; done < /proc/$client/status 2>/dev/null',
  '    [ -n "$peak" ] && echo "$peak" > "$report.peak"',
  "    sleep 0.2",
  "  done ) &",
  "poller=$!"
];
var wrapper = (peakRss) => [
  "report=$1; shift",
  '"$@" &',
  "client=$!",
  ...peakRss ? POLL_PEAK_RSS : [],
  `trap 'kill -TERM "$client" 2>/dev/null' TERM INT HUP`,
  "while :; do",
  '  wait "$client"; status=$?',
  "  # above 128: the client died of a signal, or a trapped signal interrupted the wait (client still alive)",
  '  if [ "$status" -gt 128 ] && kill -0 "$client" 2>/dev/null; then continue; fi',
  "  break",
  "done",
  "read -r stat < /proc/$$/stat",
  "# after the command name: $1 is field 3 (state) of proc(5), so $14 and $15 are cutime and cstime",
  "set -- ${stat##*) }",
  'usage="${14} ${15} $(getconf CLK_TCK)"',
  ...peakRss ? ["# the client is reaped: the poller stops at its next look", 'wait "$poller"', "peak=", 'read -r peak < "$report.peak" 2>/dev/null', 'rm -f "$report.peak"', 'usage="$usage ${peak:-unknown}"'] : [],
  'printf "%s\\n" "$usage" > "$report"',
  'exit "$status"'
].join("\n");
function withClientRusage(command, reportFile, options = {}) {
  return { file: "/bin/sh", args: ["-c", wrapper(options.peakRss ?? false), "client-rusage", reportFile, command.file, ...command.args] };
}
function parseClientRusage(report) {
  const match = /^(\d+) (\d+) (\d+)(?: (\d+|unknown))?\n?$/.exec(report);
  const [userTicks, systemTicks, ticksPerSecond] = (match?.slice(1, 4) ?? []).map(Number);
  if (userTicks === void 0 || systemTicks === void 0 || !ticksPerSecond) {
    throw new ParseError('client rusage report is not "cutime cstime CLK_TCK [peak KiB]"', report);
  }
  const peak = match?.[4];
  return {
    user_s: userTicks / ticksPerSecond,
    system_s: systemTicks / ticksPerSecond,
    cpu_s: (userTicks + systemTicks) / ticksPerSecond,
    max_rss_kib: peak === void 0 || peak === "unknown" ? null : Number(peak)
  };
}
async function readClientRusage(reportFile, user) {
  return parseClientRusage((await readAsUser(user, reportFile, MAX_REPORT_BYTES) ?? "").toString("utf8"));
}
function clientCpuShare(cpuSeconds, wallSeconds, cores) {
  if (!(wallSeconds > 0) || !(cores > 0)) throw new RangeError(`client CPU share needs positive wall seconds and cores, got ${wallSeconds} and ${cores}`);
  return cpuSeconds / (wallSeconds * cores);
}

// src/engine/instance.ts
async function startInstance(engine, options) {
  if (engine.kind === "server") {
    const server = await engine.start({
      binDir: options.binDir,
      settings: options.settings,
      database: options.database,
      logFile: options.logFile,
      registry: options.registry,
      workDir: options.workDir,
      user: options.user,
      timeoutMs: options.timeoutMs,
      ...options.serverCpus && { cpus: options.serverCpus }
    });
    return {
      describe: () => `pid ${server.pid}, port ${server.connection.port}`,
      isAlive: () => server.isAlive(),
      logTail: (lines) => server.logTail(lines),
      loadTarget: () => server.connection,
      settle: (tables) => server.settle(tables),
      runTarget: () => Promise.resolve({ target: server.connection, release: () => Promise.resolve() }),
      restart: () => server.restart(),
      stop: () => server.stop(),
      ...server.startCounting && { startCounting: server.startCounting },
      ...server.databaseBytes && { databaseBytes: server.databaseBytes },
      ...server.processes && { processes: server.processes }
    };
  }
  const embedded = await engine.prepare({
    binDir: options.binDir,
    settings: options.settings,
    workDir: options.workDir,
    owner: options.user,
    logFile: options.logFile,
    registry: options.registry
  });
  return {
    describe: () => `data ${embedded.dataDir}`,
    isAlive: () => true,
    logTail: (lines) => embedded.logTail(lines),
    loadTarget: () => ({ kind: "embedded", dataDir: embedded.dataDir }),
    settle: () => embedded.settle(),
    runTarget: async () => {
      const copy = await embedded.runCopy();
      return { target: { kind: "embedded", dataDir: copy.dataDir }, release: copy.remove };
    },
    restart: () => Promise.resolve(),
    stop: () => embedded.stop(),
    ...embedded.startCounting && { startCounting: embedded.startCounting }
  };
}

// src/measure/proc.ts
function parseProcStat(text) {
  const cpu = /^cpu((?: +\d+){7,})$/m.exec(text);
  const ctxt = /^ctxt (\d+)$/m.exec(text);
  if (!cpu?.[1] || !ctxt?.[1]) throw new ParseError('/proc/stat has no aggregate "cpu" line with 7 or more counters, or no "ctxt" line', text);
  const [user, nice, system, , , irq, softirq] = cpu[1].trim().split(/ +/).map(Number);
  return { busy_ticks: user + nice + system + irq + softirq, context_switches: Number(ctxt[1]) };
}
function parseDiskstats(text) {
  return text.split("\n").filter((line) => line.trim() !== "").map((line) => {
    const fields = line.trim().split(/\s+/);
    const [, , device, readsCompleted, , sectorsRead, , , , sectorsWritten] = fields;
    const counters = fields.slice(3);
    if (!device || ![11, 15, 17].includes(counters.length) || !counters.every((f) => /^\d+$/.test(f))) {
      throw new ParseError(`/proc/diskstats line not understood: "${line}"`, text);
    }
    return { device, reads_completed: Number(readsCompleted), sectors_read: Number(sectorsRead), sectors_written: Number(sectorsWritten) };
  });
}
var NOT_COUNTED = /^(?:loop|ram|zram|dm-|md|sr|fd)\d+$/;
function isCountedDisk(device, sysBlock) {
  return sysBlock.has(device) && !NOT_COUNTED.test(device);
}
function hostSnapshot(procStat, diskstats, sysBlock) {
  const disks = {};
  for (const disk of parseDiskstats(diskstats)) if (isCountedDisk(disk.device, sysBlock)) disks[disk.device] = disk;
  return { cpu: parseProcStat(procStat), disks };
}
function increase(before, after, what) {
  if (after < before) throw new RangeError(`${what} went down from ${before} to ${after}: not two snapshots of one running host in order`);
  return after - before;
}
function metricsPerOp(before, after, ops, clockTicksPerSecond2) {
  if (!(ops > 0)) throw new RangeError(`metrics per operation need a positive operation count, got ${ops}`);
  const busyTicks = increase(before.cpu.busy_ticks, after.cpu.busy_ticks, "CPU busy ticks");
  const contextSwitches = increase(before.cpu.context_switches, after.cpu.context_switches, "context switches");
  let reads = 0;
  let sectorsRead = 0;
  let sectorsWritten = 0;
  for (const [device, end] of Object.entries(after.disks)) {
    const start = before.disks[device];
    if (!start) continue;
    reads += increase(start.reads_completed, end.reads_completed, `${device} reads`);
    sectorsRead += increase(start.sectors_read, end.sectors_read, `${device} sectors read`);
    sectorsWritten += increase(start.sectors_written, end.sectors_written, `${device} sectors written`);
  }
  const KB_PER_SECTOR = 0.5;
  return {
    cpu_us_per_op: busyTicks / clockTicksPerSecond2 * 1e6 / ops,
    cs_per_op: contextSwitches / ops,
    r_per_op: reads / ops,
    rkb_per_op: sectorsRead * KB_PER_SECTOR / ops,
    wkb_per_op: sectorsWritten * KB_PER_SECTOR / ops
  };
}
function parseSmapsRollupPss(text) {
  const pss = /^Pss: +(\d+) kB$/m.exec(text);
  if (!pss?.[1]) throw new ParseError('smaps_rollup has no "Pss: <n> kB" line', text);
  return Number(pss[1]) * 1024;
}

// src/report/step-line.ts
function stepDoneLine(stepId, rounds, judged3) {
  const done = `${stepId} done after ${plural(rounds, "round")}`;
  if (!judged3) return done;
  return `${done}: ${judged3.variants.map((v) => `${v.variant} ${v.verdict}${v.qps ? ` ${formatInterval(v.qps)}` : ""}`).join("; ")}`;
}
function phaseTimesLine(phases) {
  return `time per phase: ${phases.map(([name, seconds]) => `${name} ${formatDuration(seconds)}`).join(" \xB7 ")}`;
}

// src/schedule/instructions.ts
function addDifference(into, short, long) {
  if (!short.functions || !long.functions || into && "error" in into) return into;
  if ("error" in short.functions) return short.functions;
  if ("error" in long.functions) return long.functions;
  const sum2 = into ?? { ops: 0, cacheSim: short.cacheMisses !== void 0, profile: emptyProfile() };
  sum2.ops += long.ops - short.ops;
  addProfile(sum2.profile, long.functions);
  addProfile(sum2.profile, short.functions, -1);
  return sum2;
}
var CACHES_SIMULATED = "caches simulated";
var ON_FRESH_COPIES = "each run on a fresh copy of the loaded data";
function differencedCount(short, long) {
  const ops = long.ops - short.ops;
  const instructions = long.instructions - short.instructions;
  if (ops <= 0) throw new PipelineError(`the longer counted run did ${long.ops} operations, the shorter ${short.ops}: no difference to divide by`);
  if (instructions <= 0) {
    throw new PipelineError(`the longer counted run took ${long.instructions} instructions, the shorter ${short.instructions}: the count did not grow with the work`);
  }
  const counted = { ops, instructions, instructions_per_op: instructions / ops };
  if (!short.cacheMisses && !long.cacheMisses) return counted;
  if (!short.cacheMisses || !long.cacheMisses || !short.caches || !long.caches) throw new PipelineError("one of the counted runs of N and 2N has cache misses and the other not: not comparable");
  if (!sameCaches(short.caches, long.caches)) throw new PipelineError(`the counted runs of N and 2N simulated different caches: ${cachesText(short.caches)} and ${cachesText(long.caches)}`);
  const misses = { l1: long.cacheMisses.l1 - short.cacheMisses.l1, ll: long.cacheMisses.ll - short.cacheMisses.ll };
  const cycles = estimatedCycles(instructions, misses);
  if (cycles <= 0) throw new PipelineError(`the estimated cycles of the longer counted run did not grow with the work (${cycles} more than the shorter's)`);
  return { ...counted, l1_misses_per_op: misses.l1 / ops, ll_misses_per_op: misses.ll / ops, estimated_cycles_per_op: cycles / ops, caches: long.caches };
}
function relativeSpread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const median2 = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  return (sorted[sorted.length - 1] - sorted[0]) / median2;
}
function failure(e) {
  if (e instanceof PipelineError) return { message: e.message, log_excerpt: e.logExcerpt };
  if (e instanceof ParseError) return { message: e.message, log_excerpt: e.excerpt() };
  const error = e;
  return { message: error.message, log_excerpt: error.stack ?? "" };
}
async function inGroups(items, concurrency, work) {
  const results = [];
  for (let i = 0; i < items.length; i += concurrency) {
    const settled = await Promise.allSettled(items.slice(i, i + concurrency).map(work));
    for (const outcome of settled) {
      if (outcome.status === "rejected") throw outcome.reason;
      results.push(outcome.value);
    }
  }
  return results;
}
function sharedSample(sample, step, countedFor) {
  return sample.status === "ok" ? { ...sample, step, counted: `${sample.counted}; the runs counted for ${countedFor}` } : { ...sample, step };
}
async function countInstructions(steps, variants, plan, hooks) {
  const samples = [];
  const counters = /* @__PURE__ */ new Map();
  const excluded = /* @__PURE__ */ new Map();
  const exclude = (variant, e) => excluded.set(variant.id, e instanceof CountingUnavailableError ? { status: "unavailable", reason: e.message } : { status: "error", error: failure(e) });
  const concurrency = Math.max(1, plan.concurrency ?? 1);
  const countedOnce = /* @__PURE__ */ new Map();
  const countVariant = async (step, variant, perClient) => {
    const counter = counters.get(variant.id);
    const reason2 = excluded.get(variant.id);
    if (reason2 || !counter) {
      return [reason2?.status === "unavailable" ? { step: step.id, variant: variant.id, status: "unavailable", reason: reason2.reason } : { step: step.id, variant: variant.id, repeat: 0, status: "error", error: reason2?.error ?? { message: "not counted", log_excerpt: "" } }];
    }
    const counted = [];
    const freshCopy = step.writes === true && counter.freshCopy !== void 0;
    const how = [counter.counted, ...step.countedRun ? [step.countedRun] : [], ...freshCopy ? [ON_FRESH_COPIES] : []].join("; ");
    const started = hooks.now();
    const perOp2 = [];
    const cyclesPerOp = [];
    let repeat = 0;
    let run = 0;
    let profile = null;
    try {
      if (counter.warmUp && !freshCopy) await hooks.run(step, variant, perClient, run++);
      const next = (n) => freshCopy ? hooks.run(step, variant, n, 0, true) : hooks.run(step, variant, n, run++);
      for (; repeat < plan.repeats; repeat++) {
        const short = await next(perClient);
        const long = await next(2 * perClient);
        const count = differencedCount(short, long);
        profile = addDifference(profile, short, long);
        perOp2.push(count.instructions_per_op);
        if (count.estimated_cycles_per_op !== void 0) cyclesPerOp.push(count.estimated_cycles_per_op);
        const whose = count.estimated_cycles_per_op === void 0 ? how : `${how}; ${CACHES_SIMULATED}`;
        counted.push({ step: step.id, variant: variant.id, repeat, status: "ok", tool: counter.tool, counted: whose, ...count });
      }
    } catch (e) {
      hooks.signal.throwIfAborted();
      if (e instanceof CountingUnavailableError) {
        exclude(variant, e);
        counted.push({ step: step.id, variant: variant.id, status: "unavailable", reason: e.message });
      } else {
        if (e instanceof BuildNotCountableError) exclude(variant, e);
        counted.push({ step: step.id, variant: variant.id, repeat, status: "error", error: failure(e) });
      }
      hooks.log(`instructions ${step.id} ${variant.id}: ${e instanceof CountingUnavailableError ? "n/a" : "ERROR"} ${e.message}`);
    }
    if (profile && hooks.profiled) await hooks.profiled(step, variant, profile).catch((e) => hooks.log(`instructions ${step.id} ${variant.id}: per-function costs not kept: ${e.message}`));
    if (perOp2.length > 0) {
      const mean2 = (values) => values.reduce((a, b) => a + b, 0) / values.length;
      const cycles = cyclesPerOp.length > 0 ? `, ${mean2(cyclesPerOp).toFixed(0)} est. cycles/op` : "";
      const cyclesSpread = cyclesPerOp.length > 0 ? `; est. cycles/op spread ${(relativeSpread(cyclesPerOp) * 100).toFixed(2)}%` : "";
      hooks.log(
        `instructions ${step.id} ${variant.id}: ${mean2(perOp2).toFixed(0)} instr/op${cycles} (N = ${perClient} per client, ${perOp2.length} repeats, spread ${(relativeSpread(perOp2) * 100).toFixed(2)}%${cyclesSpread}) in ${(hooks.now() - started).toFixed(0)} s`
      );
    }
    return counted;
  };
  try {
    await inGroups(variants, concurrency, async (variant) => {
      try {
        counters.set(variant.id, await hooks.start(variant));
      } catch (e) {
        hooks.signal.throwIfAborted();
        exclude(variant, e);
        hooks.log(`instructions: ${variant.id} cannot be counted: ${e.message}`);
      }
    });
    for (const step of steps) {
      if (step.uncounted) {
        for (const variant of variants) samples.push({ step: step.id, variant: variant.id, status: "unavailable", reason: step.uncounted });
        hooks.log(`instructions ${step.id}: n/a, ${step.uncounted}`);
        continue;
      }
      const perClient = plan.opsPerClientByStep?.[step.id] ?? plan.opsPerClient;
      const sameRuns = step.countedAs === void 0 ? void 0 : `${step.countedAs} N=${perClient}`;
      const countedBefore = sameRuns === void 0 ? void 0 : countedOnce.get(sameRuns);
      if (countedBefore) {
        samples.push(...countedBefore.samples.map((sample) => sharedSample(sample, step.id, countedBefore.step)));
        hooks.log(`instructions ${step.id}: the same counted runs as ${countedBefore.step}, its counts`);
        continue;
      }
      const counted = (await inGroups(variants, concurrency, (variant) => countVariant(step, variant, perClient))).flat();
      if (sameRuns !== void 0) countedOnce.set(sameRuns, { step: step.id, samples: counted });
      samples.push(...counted);
    }
  } finally {
    for (const variant of hooks.signal.aborted ? [] : variants) {
      if (!counters.has(variant.id)) continue;
      try {
        await hooks.stop(variant);
      } catch (e) {
        hooks.log(`instructions: ${variant.id}'s server did not come back from counting: ${e.message}`);
      }
    }
  }
  return samples;
}

// src/schedule/interleave.ts
function roundOrder(variants, round) {
  return round % 2 === 0 ? [...variants] : [...variants].reverse();
}
function mayStartRound(budget, roundsDone, spentS, stepSpentS, stepsLeft) {
  if (roundsDone >= budget.maxRounds) return false;
  if (roundsDone < budget.minRounds || budget.budgetS === null) return true;
  if (budget.stopsAt && !budget.stopsAt.includes(roundsDone)) return true;
  const share = (budget.budgetS - (spentS - stepSpentS)) / stepsLeft;
  const perRound = stepSpentS / roundsDone;
  return stepSpentS + perRound <= share;
}
function restartsBefore(round, every) {
  return every !== void 0 && round > 0 && round % every === 0;
}
async function runInterleaved(steps, variants, budget, clock, hooks) {
  const samples = [];
  const cutShort = [];
  const settled = [];
  const start = clock.now();
  for (const [stepIndex, step] of steps.entries()) {
    const stepStart = clock.now();
    for (const variant of variants) {
      hooks.progress?.(`${step.id}: warm-up ${variant.id}`);
      await hooks.warmup(step, variant);
    }
    let round = 0;
    const stepSamples = [];
    let reason2 = null;
    while (reason2 === null && mayStartRound(budget, round, clock.now() - start, clock.now() - stepStart, steps.length - stepIndex)) {
      if (hooks.restart && restartsBefore(round, hooks.restart.every)) {
        for (const variant of roundOrder(variants, round)) {
          hooks.progress?.(`${step.id}: restart ${variant.id} before round ${round + 1}`);
          await hooks.restart.run(step, variant);
          await hooks.warmup(step, variant);
        }
      }
      for (const [position, variant] of roundOrder(variants, round).entries()) {
        stepSamples.push(await hooks.measure(step, variant, round, position));
      }
      round++;
      reason2 = round < budget.maxRounds ? hooks.settled?.(step, stepSamples) ?? null : null;
    }
    samples.push(...stepSamples);
    hooks.stepDone?.(step, stepSamples, round);
    if (reason2 !== null) settled.push(reason2);
    else if (round < budget.maxRounds) cutShort.push(`${step.id}: the time budget stopped it after ${round} of ${budget.maxRounds} rounds`);
  }
  return { samples, cutShort, settled };
}

// src/pipeline.ts
var EXCERPT_LINES = 40;
var DATABASE = "bench";
var CLIENT_GRACE_S = 120;
var COUNTED_RUN_TIMEOUT_S = 600;
function tail2(text, lines) {
  return text.split("\n").slice(-lines).join("\n").trimEnd();
}
async function failureExcerpt(ctx, vi, output) {
  return `${tail2(output, EXCERPT_LINES)}
--- ${ctx.plan.engine.name} log (${vi.logFile}) ---
${await vi.instance.logTail(EXCERPT_LINES)}`;
}
async function placeInstances(plan, ports) {
  const setting = plan.profile.cpu_affinity;
  if (!setting) return null;
  const allowed = await ports.host.allowedCpus();
  return plan.engine.kind === "server" ? { kind: "server", ...placeProcesses(setting, allowed, plan.profile.source) } : { kind: "embedded", ...placeProcess(setting, allowed, plan.profile.source) };
}
async function buildVariants(plan, ports, registry, log) {
  const builds = [];
  for (const spec of plan.variants) {
    const trustedInputsOnly = plan.trust === "pr" && spec.id === plan.baseVariant;
    if (trustedInputsOnly && builds.length > 0) await endProcesses(ports, log, `were running before the build of the base ${spec.id}`);
    const build = await log.group(`build ${spec.id} (${spec.ref})`, async () => {
      const started = performance.now();
      let lastShown = started;
      let progress = NO_PROGRESS;
      const build2 = await ports.build({
        repo: plan.repo,
        commitish: spec.ref,
        recipe: spec.recipe,
        cacheDir: plan.cacheDir,
        trust: plan.trust,
        ...plan.prNamespace !== void 0 && { prNamespace: plan.prNamespace },
        ...trustedInputsOnly && { trustedInputsOnly },
        timeouts: plan.timeouts,
        registry,
        ...plan.workDir && { workDir: plan.workDir },
        // what a person waits on: the phase, files compiled so far, elapsed time; not the compiler's command lines
        onLine: (line, phase) => {
          const next = advance(progress, line, phase);
          const newPhase = next.phase !== progress.phase;
          progress = next;
          if (newPhase || performance.now() - lastShown > 15e3) {
            lastShown = performance.now();
            log.info(progressLine(progress, (lastShown - started) / 1e3));
          }
        }
      });
      log.info(
        build2.reused ? `reused the cached build ${build2.buildId} of ${build2.commit.slice(0, 12)}` : `built ${build2.commit.slice(0, 12)} in ${build2.timings.total.toFixed(0)} s${build2.ccache ? ` (ccache ${build2.ccache.hits} hits, ${build2.ccache.misses} misses)` : ""}; log: ${build2.logFile}`
      );
      if (build2.leftRunning) log.info(`ended ${build2.leftRunning.length} processes of the pull request users that the build of ${spec.ref} left running: ${build2.leftRunning.join(", ")}`);
      return build2;
    });
    builds.push(build);
  }
  const needed = [...plan.engine.programs, ...plan.profile.steps.flatMap((step) => programsFrom(step, "build"))];
  for (const [i, build] of builds.entries()) {
    const spec = plan.variants[i];
    const missing = [...new Set(needed)].filter((program) => !existsSync6(path17.join(build.binDir, program)));
    if (missing.length > 0) {
      throw new PipelineError(`the build of ${spec.id} (${spec.ref}) has no ${missing.join(", ")} in ${build.binDir}: the ${spec.recipe.name} recipe must install what the ${plan.engine.name} engine and the profile's drivers run`);
    }
  }
  return builds;
}
function programsFrom(step, source) {
  return Object.entries(step.programs).flatMap(([name, from]) => from === source ? [name] : []);
}
function binariesFor(ctx, vi, step) {
  const where = (name, from) => {
    switch (from) {
      case "build":
        return path17.join(ctx.clientsBinDir ?? vi.build.binDir, name);
      case "system":
        return name;
      case "shipped":
        return path17.join(vi.side.runDir, path17.basename(name));
    }
  };
  return Object.fromEntries(Object.entries(step.programs).map(([name, from]) => [name, where(name, from)]));
}
async function copyShippedFiles(steps, runDir) {
  const shipped = new Set(steps.flatMap((step) => programsFrom(step, "shipped")));
  for (const name of shipped) await copyFile(path17.join(builtinDir(path17.dirname(name)), path17.basename(name)), path17.join(runDir, path17.basename(name)));
}
function driverCpus(ctx) {
  if (!ctx.placement) return void 0;
  return ctx.placement.kind === "server" ? ctx.placement.client : ctx.placement.process;
}
async function runClient(ctx, vi, command, timeoutS, rusage = false) {
  const { signal } = ctx.registry;
  signal.throwIfAborted();
  const run = await ctx.ports.runClient(command, { cwd: vi.side.runDir, user: vi.side.user, timeoutS, rusage, signal });
  signal.throwIfAborted();
  return run;
}
async function aloneOn(ctx, variant) {
  for (const [id, side] of ctx.sides) {
    const frozen = variant !== null && id !== variant.id;
    if (side.user) await side.cpuset?.enclose(side.user.uid);
    if (!side.user || ctx.frozen.has(id) === frozen) continue;
    await ctx.ports.freezeUser(side.user, frozen);
    if (frozen) ctx.frozen.add(id);
    else ctx.frozen.delete(id);
  }
}
var Instances = class {
  constructor(ctx) {
    this.ctx = ctx;
  }
  ctx;
  current = /* @__PURE__ */ new Map();
  restarts = 0;
  plannedRestarts = 0;
  /** per variant: its current server process's number (docs of samples[].process), or its measurements so far (embedded) */
  processNumbers = /* @__PURE__ */ new Map();
  async startAll(variants, builds) {
    for (const [i, variant] of variants.entries()) this.current.set(variant.id, await this.start(variant, builds[i], this.logFile(variant, 0)));
  }
  get(variant) {
    return this.current.get(variant.id);
  }
  /** The variant's instance, a new one in place of a server that died. */
  async live(variant) {
    const current = this.get(variant);
    if (current.instance.isAlive()) return current;
    const { ctx } = this;
    const excerpt = await current.instance.logTail(EXCERPT_LINES);
    await current.instance.stop();
    ctx.notes.push(`${variant.id}: the server had died and was replaced by a new one (its log: ${current.logFile})`);
    ctx.log.info(`${variant.id}: server is gone; starting a new one. Last log lines:
${excerpt}`);
    const replacement = await this.start(variant, current.build, this.logFile(variant, ++this.restarts));
    this.current.set(variant.id, replacement);
    this.nextProcess(variant);
    return replacement;
  }
  /** A planned restart (schedule.restart_every); a server it leaves dead is replaced by live() before the next sample. */
  async restart(step, variant) {
    const { instance } = this.get(variant);
    try {
      await instance.restart();
      this.plannedRestarts++;
      this.nextProcess(variant);
      this.ctx.log.info(`${step.id}: restarted ${variant.id} (${instance.describe()})`);
    } catch (e) {
      this.ctx.registry.signal.throwIfAborted();
      this.ctx.log.info(`${step.id}: restarting ${variant.id} failed: ${e.message}`);
    }
  }
  /**
   * The process a sample about to be measured on the variant runs in (samples[].process): a server's
   * until it restarts or is replaced; an embedded engine starts a process for every measured run.
   */
  processForSample(variant) {
    const current = this.processNumbers.get(variant.id) ?? 0;
    if (this.ctx.plan.engine.kind === "embedded") this.nextProcess(variant);
    return current;
  }
  nextProcess(variant) {
    this.processNumbers.set(variant.id, (this.processNumbers.get(variant.id) ?? 0) + 1);
  }
  async stopAll() {
    for (const vi of this.current.values()) await vi.instance.stop();
  }
  logFile(variant, attempt) {
    const stamp = this.ctx.startedAt.toISOString().replace(/[:.]/g, "-");
    return path17.join(this.ctx.plan.cacheDir, "logs", `${this.ctx.plan.engine.kind}-${stamp}-${variant.id}${attempt ? `-restart${attempt}` : ""}.log`);
  }
  async start(variant, build, logFile) {
    const { plan, placement } = this.ctx;
    const side = this.ctx.sides.get(variant.id);
    const instance = await startInstance(plan.engine, {
      binDir: build.binDir,
      settings: plan.engineSettings,
      database: DATABASE,
      logFile,
      registry: this.ctx.registry,
      workDir: this.ctx.workDir,
      user: side.user,
      timeoutMs: plan.timeouts.start_s * 1e3,
      ...placement?.kind === "server" && { serverCpus: placement.server }
    });
    this.ctx.log.info(`${variant.id}: ${plan.engine.name} ${plan.engine.kind === "server" ? "started" : "prepared"} (${instance.describe()}); log: ${logFile}`);
    return { variant, build, side, instance, loaded: /* @__PURE__ */ new Set(), logFile };
  }
};
async function ensureData(ctx, vi, step) {
  await loadOnce(ctx, vi, step.dataSet(vi.instance.loadTarget(), binariesFor(ctx, vi, step)));
}
async function loadOnce(ctx, vi, dataSet) {
  if (vi.loaded.has(dataSet.key)) return;
  const loadStarted = ctx.ports.clock.now();
  for (const command of dataSet.commands) {
    const shown = [path17.basename(command.file), ...command.args].join(" ");
    ctx.log.info(`${vi.variant.id}: load ${dataSet.key}: ${shown.length > 200 ? `${shown.slice(0, 200)}...` : shown}`);
    const result = await runClient(ctx, vi, command, ctx.plan.timeouts.load_s);
    if (result.failed) {
      throw new PipelineError(`loading ${dataSet.key} failed: ${result.message}`, await failureExcerpt(ctx, vi, result.output));
    }
  }
  await vi.instance.settle(dataSet.tables);
  vi.loaded.add(dataSet.key);
  ctx.phases.loads += ctx.ports.clock.now() - loadStarted;
}
async function reloadData(ctx, vi, steps) {
  vi.loaded.clear();
  for (const step of steps) {
    const [target, bins] = [vi.instance.loadTarget(), binariesFor(ctx, vi, step)];
    await loadOnce(ctx, vi, step.countedDataSet?.(target, bins) ?? step.dataSet(target, bins));
  }
}
async function onRunTarget(vi, work) {
  const { target, release } = await vi.instance.runTarget();
  try {
    return await work(target);
  } finally {
    await release();
  }
}
async function measureOnce(ctx, instances, fingerprint, step, variant, round, position) {
  const { plan, ports } = ctx;
  const { schedule } = plan.profile;
  const started = ports.clock.date();
  const common = { step: step.id, variant: variant.id, round, position, started_at: started.toISOString() };
  const failed = (message, excerpt) => ({
    ...common,
    duration_s: (ports.clock.date().getTime() - started.getTime()) / 1e3,
    status: "error",
    error: { message, log_excerpt: excerpt }
  });
  const failedWith = (e) => {
    ctx.registry.signal.throwIfAborted();
    const { message, log_excerpt } = failure(e);
    return failed(message, log_excerpt);
  };
  let vi;
  try {
    vi = await instances.live(variant);
    await ensureData(ctx, vi, step);
  } catch (e) {
    return failedWith(e);
  }
  const processNumber = instances.processForSample(variant);
  try {
    return await onRunTarget(vi, async (target) => {
      const client = step.run(target, binariesFor(ctx, vi, step), schedule.duration_s);
      const { processes } = vi.instance;
      const before = await ports.host.snapshot();
      const memory = processes ? ports.host.sampleMemory(processes) : null;
      const t0 = ports.clock.now();
      const result = await runClient(ctx, vi, onCpus(client, driverCpus(ctx)), schedule.duration_s + CLIENT_GRACE_S, plan.engine.kind === "server").finally(
        // polling ends with the client, whatever became of it; a failed poll is reported below
        () => memory?.stop().catch(() => null)
      );
      const wallS = ports.clock.now() - t0;
      const after = await ports.host.snapshot();
      if (!vi.instance.isAlive()) return failed(`the ${plan.engine.name} server exited during the step`, await failureExcerpt(ctx, vi, result.output));
      if (result.failed) return failed(`${path17.basename(client.file)} failed: ${result.message}`, await failureExcerpt(ctx, vi, result.output));
      const serverRss = await memory?.stop();
      const databaseBytes2 = await vi.instance.databaseBytes?.();
      try {
        const parsed = step.parse(result.stdout);
        return {
          ...common,
          duration_s: parsed.duration_s,
          status: "ok",
          ops: parsed.ops,
          ops_per_s: parsed.ops_per_s,
          process: processNumber,
          latency_ms: parsed.latency_ms,
          metrics: metricsPerOp(before, after, parsed.ops, ctx.ticksPerSecond),
          client_cpu_share: result.cpuS !== null ? clientCpuShare(result.cpuS, wallS, fingerprint.cores) : null,
          ...parsed.background_writer && { background_writer: parsed.background_writer },
          ...parsed.stall_percent !== void 0 && { stall_percent: parsed.stall_percent },
          ...parsed.lsm_metrics && { lsm_metrics: parsed.lsm_metrics },
          ...databaseBytes2 !== void 0 && { database_bytes: databaseBytes2 },
          ...serverRss !== void 0 && serverRss !== null && { server_rss_bytes: serverRss }
        };
      } catch (e) {
        return failed(e.message, tail2(result.output, EXCERPT_LINES));
      }
    });
  } catch (e) {
    return failedWith(e);
  }
}
function scheduleOf(plan) {
  const { schedule } = plan.profile;
  const rounds = plan.rounds ?? schedule.rounds;
  const { minRounds, design: sequential } = scheduleDesign(schedule, rounds);
  return {
    rounds,
    sequential,
    budget: { minRounds, maxRounds: rounds, budgetS: plan.timeBudgetS, stopsAt: budgetStops(sequential, minRounds, rounds) }
  };
}
async function measureSteps(ctx, instances, variants, fingerprint, schedule, judgeStep) {
  const { profile } = ctx.plan;
  const thresholds = thresholdResolver(ctx.plan.judging?.thresholds, ctx.plan.judging?.overrides);
  const qpsTests = ctx.plan.qpsTests ?? profile.steps.length * Math.max(1, variants.length - 1);
  const warmup = async (step, variant) => {
    if (profile.schedule.warmup_s === 0) return;
    try {
      await aloneOn(ctx, variant);
      const vi = await instances.live(variant);
      await ensureData(ctx, vi, step);
      const result = await onRunTarget(
        vi,
        (target) => runClient(ctx, vi, onCpus(step.warmup(target, binariesFor(ctx, vi, step), profile.schedule.warmup_s), driverCpus(ctx)), profile.schedule.warmup_s + CLIENT_GRACE_S)
      );
      if (result.failed) ctx.log.info(`${step.id}: warm-up of ${variant.id} failed (${result.message}); the measured rounds will show it`);
    } catch (e) {
      ctx.registry.signal.throwIfAborted();
      ctx.log.info(`${step.id}: warm-up of ${variant.id} failed: ${e.message}`);
    }
  };
  const resume = await ctx.registry.register("the variants' stopped processes", () => aloneOn(ctx, null));
  const measured = await ctx.log.group(
    `measure ${profile.steps.length} steps x ${variants.length} variants, ${schedule.rounds} rounds of ${profile.schedule.duration_s} s (ABBA)`,
    () => runInterleaved(profile.steps, variants, schedule.budget, ctx.ports.clock, {
      warmup,
      measure: async (step, variant, round, position) => {
        await aloneOn(ctx, variant);
        const sample = await measureOnce(ctx, instances, fingerprint, step, variant, round, position);
        ctx.log.info(
          sample.status === "ok" ? `${step.id} round ${round + 1}/${schedule.rounds} ${variant.id}: ${formatAmount(sample.ops_per_s)} QPS` + (sample.metrics ? `, ${METRIC_NAMES.cpu_us_per_op} ${formatAmount(sample.metrics.cpu_us_per_op)} \xB5s` : "") + (sample.client_cpu_share !== null ? `, client ${(sample.client_cpu_share * 100).toFixed(0)}% of CPU` : "") + (sample.background_writer ? `, writer ${sample.background_writer.rows_per_s.toFixed(0)}/${sample.background_writer.target_rows_per_s} rows/s${sample.background_writer.kept_rate ? "" : " (FELL BEHIND)"}` : "") : `${step.id} round ${round + 1}/${schedule.rounds} ${variant.id}: ERROR ${sample.error.message}`
        );
        return sample;
      },
      ...profile.schedule.restart_every !== void 0 && {
        restart: {
          every: profile.schedule.restart_every,
          run: async (step, variant) => {
            await aloneOn(ctx, variant);
            await instances.restart(step, variant);
          }
        }
      },
      ...schedule.sequential && {
        // alpha shared by every QPS test of the run, as compare judges them
        settled: (step, stepSamples) => {
          const t = thresholds.forStep(step.id);
          return settledStep(schedule.sequential, { ...t, alpha: t.alpha / qpsTests }, ctx.plan.baseVariant, stepSamples);
        }
      },
      stepDone: (step, stepSamples, roundsUsed) => ctx.log.info(stepDoneLine(step.id, roundsUsed, judgeStep(step, stepSamples)))
    })
  );
  await resume.run();
  return measured;
}
async function countStage(ctx, instances, variants) {
  const { profile, engine } = ctx.plan;
  const counting = profile.instructions && ctx.plan.countInstructions !== false ? profile.instructions : null;
  if (!counting) return void 0;
  return ctx.log.group(`count instructions: ${profile.steps.length} steps x ${variants.length} variants, ${counting.repeats} repeats of N and 2N operations per client`, async () => {
    const counters = /* @__PURE__ */ new Map();
    const allowed = await ctx.ports.host.allowedCpus();
    const cpus = ctx.placement ? allowed : void 0;
    const concurrency = Math.min(variants.length, allowed.length);
    ctx.log.info(`counting ${concurrency} variant${concurrency === 1 ? "" : "s"} at a time${cpus ? ` on CPU ${formatCpuList(cpus)}` : ""}`);
    const plan = { opsPerClient: counting.ops_per_client, repeats: counting.repeats, opsPerClientByStep: counting.ops_per_client_by_step, concurrency };
    return countInstructions(profile.steps, variants, plan, {
      start: async (variant) => {
        const vi = await instances.live(variant);
        const { instance } = vi;
        if (!instance.startCounting) throw new CountingUnavailableError(`the ${engine.name} engine cannot count instructions`);
        if (engine.kind === "server") await reloadData(ctx, vi, profile.steps.filter((step) => !step.uncounted));
        const caches = counting.judge === "estimated_cycles" ? counting.caches : void 0;
        const counter = await instance.startCounting({ ...cpus && { cpus }, ...caches && { cacheSim: caches } });
        counters.set(variant.id, counter);
        return counter;
      },
      run: async (step, variant, perClient, runNumber, freshCopy) => {
        const vi = instances.get(variant);
        const counter = counters.get(variant.id);
        if (engine.kind !== "server") await ensureData(ctx, vi, step);
        return onRunTarget(vi, async (target) => {
          const client = step.fixedRun(freshCopy ? await counter.freshCopy() : target, binariesFor(ctx, vi, step), perClient, runNumber);
          const { result, ...counts } = await counter.count(client, async (command) => {
            const run = await runClient(ctx, vi, onCpus(command, cpus), COUNTED_RUN_TIMEOUT_S);
            if (run.failed) throw new PipelineError(`${path17.basename(client.file)} failed: ${run.message}`, await failureExcerpt(ctx, vi, run.output));
            return run;
          });
          return { ops: (step.parseFixed ? step.parseFixed(result.stdout) : step.parse(result.stdout)).ops, ...counts };
        });
      },
      stop: (variant) => counters.get(variant.id).stop(),
      ...ctx.plan.functionsDir !== void 0 && { profiled: profileWriter(ctx.plan.repo, ctx.plan.functionsDir, variants) },
      signal: ctx.registry.signal,
      log: (line) => ctx.log.info(line),
      now: () => ctx.ports.clock.now()
    });
  });
}
function profileWriter(repo, dir, variants) {
  const trees = /* @__PURE__ */ new Map();
  return async (step, variant, profile) => {
    const commit = variants.find((v) => v.id === variant.id).commit;
    if (!trees.has(commit)) trees.set(commit, treeFiles(repo, commit));
    const relative = "error" in profile ? profile : { ...profile, ...relativeToTree(profile.profile, await trees.get(commit)) };
    await writeStepProfile(dir, step.id, variant.id, relative);
  };
}
function backgroundWriterNotes(samples) {
  const byStep = /* @__PURE__ */ new Map();
  for (const s of samples) {
    if (s.status !== "ok" || !s.background_writer) continue;
    const entry = byStep.get(s.step) ?? { target: s.background_writer.target_rows_per_s, rates: [], rounds: /* @__PURE__ */ new Set(), behind: /* @__PURE__ */ new Set() };
    entry.rates.push(s.background_writer.rows_per_s);
    entry.rounds.add(s.round);
    if (!s.background_writer.kept_rate) entry.behind.add(s.round);
    byStep.set(s.step, entry);
  }
  return [...byStep].map(([step, { target, rates, rounds, behind }]) => {
    const range = `${Math.min(...rates).toFixed(0)}-${Math.max(...rates).toFixed(0)} rows/s`;
    return behind.size === 0 ? `${step}: the background writer kept its ${target} rows/s in all ${rounds.size} rounds (${range})` : `${step}: the background writer fell behind its ${target} rows/s in ${behind.size} of ${rounds.size} rounds (${range}): QPS not judged`;
  });
}
function assembleResults(ctx, parts) {
  const { plan, placement, startedAt } = ctx;
  const { profile } = plan;
  const { sequential } = parts.schedule;
  const notes = [...ctx.notes, ...parts.measured.settled, ...parts.measured.cutShort, ...backgroundWriterNotes(parts.measured.samples)];
  if (profile.schedule.restart_every !== void 0) notes.push(`servers restarted every ${profile.schedule.restart_every} rounds of a step: ${parts.plannedRestarts} restarts`);
  return {
    schema: RESULTS_SCHEMA_ID,
    version: RESULTS_VERSION,
    run: {
      id: `${startedAt.toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}`,
      started_at: startedAt.toISOString(),
      finished_at: ctx.ports.clock.date().toISOString(),
      tool: `db-bench-gate ${VERSION}`,
      budget_exhausted: parts.measured.cutShort.length > 0,
      notes,
      ...sequential && { sequential: { min_rounds: sequential.minRounds, max_rounds: sequential.maxRounds, look_every: sequential.lookEvery, spending: sequential.spending } },
      ...placement && {
        cpu_placement: placement.kind === "server" ? { server: formatCpuList(placement.server), client: formatCpuList(placement.client) } : { process: formatCpuList(placement.process) }
      },
      ...plan.shard && { shard: plan.shard },
      ...plan.measureQps === false && { qps_measured: false }
    },
    fingerprint: parts.fingerprint,
    engine: { name: plan.engine.name, version: parts.engineVersion },
    profile: { name: profile.name, version: profile.version, hash: profile.hash },
    base_variant: plan.baseVariant,
    variants: parts.variants,
    steps: profile.steps.map((s) => {
      const aaSpread = profile.instructions?.aa_spread_by_step?.[s.id];
      const processSpread = profile.schedule.process_spread;
      const processSd = processSpread?.sd_by_step[s.id];
      return {
        id: s.id,
        driver: s.driver,
        parameters: s.parameters,
        ...s.sweep && { sweep: s.sweep },
        ...aaSpread !== void 0 && { instructions_aa_spread: aaSpread },
        ...processSd !== void 0 && { qps_process_spread: { sd: processSd, df: processSpread.df } }
      };
    }),
    samples: parts.measured.samples,
    ...parts.instructions && { instructions: parts.instructions },
    thresholds: storedJudging(plan.judging)
  };
}
async function serverCpuset(ports, registry, log, cpus) {
  const group = await ports.cpusetGroup(`db-bench-gate-${randomBytes(6).toString("hex")}`, cpus);
  if ("unavailable" in group) {
    log.info(`the servers are held on CPU ${formatCpuList(cpus)} by taskset alone, which their processes may undo: ${group.unavailable}`);
    return null;
  }
  await registry.register("a server's cpuset", () => group.remove());
  return group;
}
async function endProcesses(ports, log, what) {
  const ended = await ports.endPullRequestProcesses();
  if (ended.length > 0) log.info(`ended ${ended.length} processes of the pull request users that ${what}: ${ended.join(", ")}`);
}
async function runBenchmark(plan, registry, log, ports) {
  const startedAt = ports.clock.date();
  const pruned = await pruneLogs(path17.join(plan.cacheDir, "logs"), startedAt);
  if (pruned.length > 0) log.info(`cache-dir: removed ${pruned.length} logs older than ${LOG_MAX_AGE_DAYS} days or beyond ${LOG_CAP_BYTES / 1024 ** 3} GiB of newer ones`);
  const fingerprint = await ports.host.fingerprint(plan.runner);
  const placement = await placeInstances(plan, ports);
  if (placement?.kind === "server") log.info(`server on CPU ${formatCpuList(placement.server)}, benchmark client on CPU ${formatCpuList(placement.client)}`);
  if (placement?.kind === "embedded") log.info(`${plan.engine.name} (embedded: the benchmark's own process) on CPU ${formatCpuList(placement.process)}`);
  await ports.lockRunner(registry, plan.timeouts.run_s);
  await endProcesses(ports, log, "an earlier run left running");
  await registry.register("the processes of the pull request users", () => endProcesses(ports, log, "the run left running"));
  const phases = { builds: 0, loads: 0, measuring: 0, "counting instructions": 0 };
  const buildsStarted = ports.clock.now();
  const builds = await buildVariants(plan, ports, registry, log);
  phases.builds = ports.clock.now() - buildsStarted;
  const variants = plan.variants.map((spec, i) => {
    const build = builds[i];
    return { id: spec.id, commit: build.commit, ref: spec.ref, flags: build.flags, compiler: build.compiler, build_id: build.buildId };
  });
  await endProcesses(ports, log, "the builds left running");
  const workDir = plan.workDir ?? os4.tmpdir();
  const sides2 = /* @__PURE__ */ new Map();
  for (const [i, variant] of variants.entries()) {
    const user = await ports.variantUser(plan.trust, i);
    const runDir = await mkdtemp3(path17.join(workDir, "dbg-run-"));
    await registry.register(`run directory ${runDir}`, async () => void await removeUserTree(user, runDir));
    await copyShippedFiles(plan.profile.steps, runDir);
    await giveTo(user, runDir);
    sides2.set(variant.id, { user, runDir, cpuset: user && placement?.kind === "server" ? await serverCpuset(ports, registry, log, placement.server) : null });
  }
  const ticksPerSecond = await ports.host.ticksPerSecond();
  const clientsBinDir = plan.engine.kind === "server" ? builds[plan.variants.findIndex((spec) => spec.id === plan.baseVariant)].binDir : null;
  const ctx = { plan, ports, registry, log, workDir, sides: sides2, placement, ticksPerSecond, startedAt, notes: [], phases, frozen: /* @__PURE__ */ new Set(), clientsBinDir };
  const instances = new Instances(ctx);
  await instances.startAll(variants, builds);
  const schedule = scheduleOf(plan);
  const engineVersion = await plan.engine.version(builds[0].binDir, sides2.get(variants[0].id).user);
  const judgeStep = (step, stepSamples) => variants.length < 2 ? void 0 : compareRun(assembleResults(ctx, { fingerprint, engineVersion, variants, schedule, measured: { samples: [...stepSamples], cutShort: [], settled: [] }, instructions: void 0, plannedRestarts: 0 })).steps.find(
    (s) => s.step === step.id
  );
  const timed = async (phase, work) => {
    const [started, loads] = [ports.clock.now(), phases.loads];
    const result = await work();
    phases[phase] = ports.clock.now() - started - (phases.loads - loads);
    return result;
  };
  const measured = plan.measureQps === false ? { samples: [], cutShort: [], settled: [] } : await timed("measuring", () => measureSteps(ctx, instances, variants, fingerprint, schedule, judgeStep));
  const instructions = await timed("counting instructions", () => countStage(ctx, instances, variants));
  await instances.stopAll();
  log.info(phaseTimesLine(Object.entries(phases).filter(([name]) => (instructions !== void 0 || name !== "counting instructions") && (plan.measureQps !== false || name !== "measuring"))));
  return assembleResults(ctx, { fingerprint, engineVersion, variants, schedule, measured, instructions, plannedRestarts: instances.plannedRestarts });
}

// src/pipeline-ports.ts
import { randomBytes as randomBytes2 } from "node:crypto";
import path19 from "node:path";
import { rm as rm5 } from "node:fs/promises";

// src/measure/cpuset.ts
import { existsSync as existsSync7 } from "node:fs";
import { mkdir as mkdir9, readFile as readFile6, rmdir, writeFile as writeFile6 } from "node:fs/promises";
import path18 from "node:path";
import { setTimeout as sleep5 } from "node:timers/promises";
var V2_ROOT = "/sys/fs/cgroup";
var V1_ROOT = "/sys/fs/cgroup/cpuset";
var MAX_SWEEPS = 50;
async function cpusetHierarchy() {
  if (process.getuid?.() !== 0) return "not root";
  const v2 = await readFile6(path18.join(V2_ROOT, "cgroup.controllers"), "utf8").catch(() => null);
  if (v2 !== null) return v2.split(/\s+/).includes("cpuset") ? { version: 2, root: V2_ROOT } : "cgroup v2 without the cpuset controller";
  if (existsSync7(path18.join(V1_ROOT, "cpuset.cpus"))) return { version: 1, root: V1_ROOT };
  return "no cpuset cgroup (neither cgroup v2 with its cpuset controller nor a v1 cpuset mount)";
}
async function makeCpusetGroup(name, cpus) {
  const hierarchy = await cpusetHierarchy();
  if (typeof hierarchy === "string") return { unavailable: hierarchy };
  const { version, root } = hierarchy;
  const dir = path18.join(root, name);
  if (version === 2) {
    const enabled = await readFile6(path18.join(root, "cgroup.subtree_control"), "utf8");
    if (!enabled.split(/\s+/).includes("cpuset")) await writeFile6(path18.join(root, "cgroup.subtree_control"), "+cpuset");
  }
  await mkdir9(dir);
  try {
    await writeFile6(path18.join(dir, "cpuset.cpus"), formatCpuList(cpus));
    if (version === 1) await writeFile6(path18.join(dir, "cpuset.mems"), (await readFile6(path18.join(root, "cpuset.mems"), "utf8")).trim());
  } catch (e) {
    await rmdir(dir);
    throw e;
  }
  const inGroup = async (pid) => {
    const lines = (await readFile6(`/proc/${pid}/cgroup`, "utf8").catch(() => "")).split("\n");
    return lines.some((line) => {
      const [, controllers, where] = /^\d+:([^:]*):(.*)$/.exec(line) ?? [];
      const ours = version === 2 ? controllers === "" : controllers?.split(",").includes("cpuset");
      return ours === true && where === `/${name}`;
    });
  };
  const move = (pid, to) => writeFile6(path18.join(to, "cgroup.procs"), String(pid)).catch((e) => {
    if (e.code !== "ESRCH") throw e;
  });
  return {
    async enclose(uid) {
      for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
        const outside = [];
        for (const pid of processesOfUsers([uid])) if (!await inGroup(pid)) outside.push(pid);
        if (outside.length === 0) return;
        for (const pid of outside) await move(pid, dir);
        if (sweep > 0) await sleep5(10);
      }
      throw new PipelineError(`the processes of uid ${uid} kept forking outside the cpuset ${dir} through ${MAX_SWEEPS} sweeps`);
    },
    async remove() {
      const left = (await readFile6(path18.join(dir, "cgroup.procs"), "utf8").catch(() => "")).split("\n").filter(Boolean);
      for (const pid of left) await move(Number(pid), root);
      await rmdir(dir).catch((e) => {
        if (e.code !== "ENOENT") throw e;
      });
    }
  };
}

// src/measure/host.ts
import { readdir as readdir6, readFile as readFile7 } from "node:fs/promises";
async function takeHostSnapshot() {
  const [procStat, diskstats, sysBlock] = await Promise.all([
    readFile7("/proc/stat", "utf8"),
    readFile7("/proc/diskstats", "utf8"),
    readdir6("/sys/block")
  ]);
  return hostSnapshot(procStat, diskstats, new Set(sysBlock));
}
var clockTicks;
function clockTicksPerSecond() {
  clockTicks ??= execa("getconf", ["CLK_TCK"], { env: childEnv(process.env), extendEnv: false }).then(({ stdout }) => {
    const ticks = Number(stdout.trim());
    if (!Number.isInteger(ticks) || ticks <= 0) throw new Error(`getconf CLK_TCK printed "${stdout}"`);
    return ticks;
  });
  return clockTicks;
}
async function processesMemoryBytes(pids) {
  const sizes = await Promise.all(
    pids.map(async (pid) => {
      const text = await readFile7(`/proc/${pid}/smaps_rollup`, "utf8").catch((e) => {
        if (e.code === "ENOENT" || e.code === "ESRCH") return "";
        throw e;
      });
      return text === "" ? 0 : parseSmapsRollupPss(text);
    })
  );
  return sizes.reduce((sum2, bytes) => sum2 + bytes, 0);
}
function samplePeakMemory(pids, everyMs) {
  let peak = null;
  let failure2 = null;
  let inFlight = Promise.resolve();
  const poll = () => {
    inFlight = inFlight.then(async () => {
      if (failure2 !== null) return;
      try {
        const bytes = await processesMemoryBytes(pids());
        peak = Math.max(peak ?? 0, bytes);
      } catch (e) {
        failure2 = e;
      }
    });
  };
  poll();
  const timer = setInterval(poll, everyMs);
  let stopped;
  return {
    stop: () => {
      clearInterval(timer);
      stopped ??= inFlight.then(() => {
        if (failure2 !== null) throw failure2;
        return peak;
      });
      return stopped;
    }
  };
}

// src/variant-freeze.ts
import { readFileSync } from "node:fs";
import { setTimeout as sleep6 } from "node:timers/promises";
var STOPPED_WITHIN_MS = 1e4;
function stateOf(pid) {
  try {
    return /^\d+ \(.*\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, "utf8"))?.[1] ?? null;
  } catch {
    return null;
  }
}
async function freezeUser(user, frozen) {
  refuseRunnersOwn([user], frozen ? "stop" : "resume");
  await execa("kill", [frozen ? "-STOP" : "-CONT", "-1"], { ...asUser(user), reject: false });
  if (!frozen) return;
  const running = () => processesOfUsers([user.uid]).filter((pid) => !["T", "t", "Z", "X", null].includes(stateOf(pid)));
  for (let waited = 0, left = running(); left.length > 0; waited += 10, left = running()) {
    if (waited >= STOPPED_WITHIN_MS) throw new PipelineError(`processes of ${user.name} still run ${STOPPED_WITHIN_MS / 1e3} s after SIGSTOP: ${left.join(", ")}`);
    await sleep6(10);
  }
}

// src/pipeline-ports.ts
var realPorts = {
  build: buildAtCommit,
  async runClient(command, options) {
    const report = options.rusage ? path19.join(options.cwd, `rusage-${randomBytes2(6).toString("hex")}`) : null;
    const wrapped = report ? withClientRusage(command, report) : command;
    const result = await execa(wrapped.file, wrapped.args, {
      ...asUserIn(options.user, options.cwd),
      all: true,
      reject: false,
      timeout: options.timeoutS * 1e3,
      cancelSignal: options.signal
    });
    try {
      const cpuS = report && !result.failed ? (await readClientRusage(report, options.user)).cpu_s : null;
      return { failed: result.failed, message: result.shortMessage ?? "", stdout: result.stdout, output: result.all ?? "", cpuS };
    } finally {
      if (report) await rm5(report, { force: true });
    }
  },
  clock: { now: () => performance.now() / 1e3, date: () => /* @__PURE__ */ new Date() },
  host: {
    async fingerprint(runner) {
      const compiler = await detectCompiler("c");
      return collectFingerprint({ name: compiler.name, version: compiler.version }, runner);
    },
    snapshot: takeHostSnapshot,
    // twice a second: a round lasts a few seconds, its connections' processes only as long as the client
    sampleMemory: (pids) => samplePeakMemory(pids, 500),
    ticksPerSecond: clockTicksPerSecond,
    allowedCpus
  },
  variantUser,
  endPullRequestProcesses,
  freezeUser,
  lockRunner,
  cpusetGroup: makeCpusetGroup
};

// src/bisect.ts
var MAX_BISECT_COMMITS = 4096;
var CLI_BISECT_FIELDS = { good: "--good", bad: "--bad", steps: "--steps" };
async function commitsBetween(repo, good, bad, fields) {
  const git2 = async (args, what, field2) => {
    const r = await execa("git", ["-C", repo, ...args], { env: childEnv(process.env), extendEnv: false, reject: false });
    const said = r.stderr.trim().split("\n")[0];
    if (r.failed) throw new InputError(said ? `${what}: ${said}` : what, repo, field2);
    return r.stdout.trim();
  };
  const commitOf = (ref, field2) => git2(["rev-parse", "--verify", "--end-of-options", `${ref}^{commit}`], `${ref} is not a commit`, field2);
  const goodSha = await commitOf(good, fields.good);
  const badSha = await commitOf(bad, fields.bad);
  await git2(["merge-base", "--is-ancestor", goodSha, badSha], `the good commit ${good} is not an ancestor of the bad one ${bad}`);
  const listed2 = await git2(["rev-list", "--first-parent", "--reverse", `${goodSha}..${badSha}`], "rev-list");
  const commits = listed2 ? listed2.split("\n") : [];
  if (commits.length === 0) throw new InputError(`no commit between ${good} and ${bad}`, repo, fields.bad);
  if (commits.length > MAX_BISECT_COMMITS) throw new InputError(`${commits.length} commits between ${good} and ${bad}: at most ${MAX_BISECT_COMMITS}`, repo, fields.good);
  return { good: goodSha, bad: badSha, commits };
}
async function bisect(options) {
  const { log } = options;
  const { good, bad, commits } = await commitsBetween(options.repo, options.good, options.bad, options.fields);
  const chosenSteps = options.steps;
  const matches = "glob" in chosenSteps ? (0, import_picomatch2.default)(chosenSteps.glob, { dot: true }) : (id) => chosenSteps.ids.includes(id);
  let steps = [];
  const probes = [];
  const measure = async (against, commit, registry) => {
    const started = performance.now();
    const plan = await options.planFor(against, commit);
    const chosen = plan.run.profile.steps.filter((s) => matches(s.id));
    if (chosen.length === 0) throw new InputError(`matches none of the profile's steps (${plan.run.profile.steps.map((s) => s.id).join(", ")})`, void 0, options.fields.steps);
    steps = chosen.map((s) => s.id);
    const functionsDir = await mkdtemp4(path20.join(plan.run.workDir ?? os5.tmpdir(), "dbg-bisect-functions-"));
    await registry.register(`remove ${functionsDir}`, () => rm6(functionsDir, { recursive: true, force: true }));
    const results = await runBenchmark({ ...plan.run, profile: { ...plan.run.profile, steps: chosen }, functionsDir }, registry, log, realPorts);
    registry.signal.throwIfAborted();
    const comparison = compareRun(results, plan.compare);
    const whereCost = await whereCostItems(functionsDir, comparison, aaSpreadsOf(results));
    await rm6(functionsDir, { recursive: true, force: true });
    const errors = stepsWithVerdict(comparison, "error");
    if (errors.length > 0) throw new PipelineError(`the probe of ${commit.slice(0, 12)} against ${against.slice(0, 12)} failed in ${errors.join(", ")}: it cannot be judged good or bad`);
    const regressed2 = stepsWithVerdict(comparison, "regression");
    const probe = { commit, against, bad: regressed2.length > 0, regressed: regressed2, seconds: (performance.now() - started) / 1e3, comparison, results, whereCost };
    log.info(`probe ${probes.length + 1}: ${commit.slice(0, 12)} against ${against.slice(0, 12)} is ${probe.bad ? `bad (${regressed2.join(", ")})` : "good"} (${probe.seconds.toFixed(0)} s)`);
    probes.push(probe);
    return probe;
  };
  let lo = -1;
  let hi = commits.length - 1;
  const search = async (registry) => {
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if ((await measure(good, commits[mid], registry)).bad) hi = mid;
      else lo = mid;
    }
    const firstBad = commits[hi];
    const parent = hi === 0 ? good : commits[hi - 1];
    const earlier = probes.find((p) => p.commit === firstBad && p.against === parent);
    const verdict = earlier ?? await measure(parent, firstBad, registry);
    return { good, bad, commits, steps, firstBad, parent, probes, verdict };
  };
  if (options.timeLimitS === void 0) return search(options.registry);
  const stopped = (seconds) => `the bisect stopped at its time limit of ${formatDuration(seconds)} after ${plural(probes.length, "probe")}: the first bad commit is after ${(lo < 0 ? good : commits[lo]).slice(0, 12)} up to ${commits[hi].slice(0, 12)}`;
  return withTimeLimit(options.registry, options.timeLimitS * 1e3, stopped, search, (m) => log.info(m));
}

// src/report/bisect.ts
var BISECT_WHERE_COST_STEPS = 5;
function githubLinks(repoUrl, sha) {
  const repo = repoUrl ? /^https:\/\/github\.com\/([^/]+\/[^/]+)$/.exec(repoUrl)?.[1] : void 0;
  return repo ? { repo, sha } : null;
}
var commitLink = (commit, repoUrl) => repoLink(shortSha(commit), repoUrl, `commit/${commit}`, true);
function bisectMarkdown(report, repoUrl) {
  const link = (commit) => commitLink(commit, repoUrl);
  const { verdict } = report;
  const confirmed = verdict.bad;
  const rows = verdict.comparison.steps.map((s) => {
    const v = s.variants[0];
    return [inlineCode(s.step, true), formatInterval(v.qps), v.verdict, formatInstructionRatio(v.instructions?.ratio), v.instructions?.verdict ?? "not counted"];
  });
  const probes = report.probes.map((p, i) => [String(i + 1), link(p.commit), link(p.against), p.bad ? `bad: ${p.regressed.map((s) => inlineCode(s, true)).join(", ")}` : "good", formatDuration(p.seconds)]);
  const total = report.probes.reduce((sum2, p) => sum2 + p.seconds, 0);
  return [
    confirmed ? `## \u{1F50E} db-bench-gate bisect: the first bad commit is ${link(report.firstBad)}` : `## \u{1F50E} db-bench-gate bisect: no commit between ${link(report.good)} and ${link(report.bad)} is bad against its parent`,
    "",
    `${plural(report.commits.length, "commit")} after ${link(report.good)} up to ${link(report.bad)} (first-parent), steps ${report.steps.map((s) => inlineCode(s)).join(", ")}; ${plural(report.probes.length, "probe")}, ${formatDuration(total)} in all, each measured interleaved against the commit named.`,
    "",
    confirmed ? `${link(report.firstBad)} against its parent ${link(report.parent)}:` : `${link(report.firstBad)}, the last candidate, against its parent ${link(report.parent)} is not a regression: the bad commit may not be bad in these steps, or the change is within the noise of a run this short.`,
    "",
    markdownTable([["step", "QPS ratio (interval)", "QPS verdict", "instr/op ratio (repeats)", "instr/op verdict"], ...rows]),
    "",
    ...confirmed && verdict.whereCost.length > 0 ? [whereCostSection(verdict.whereCost, githubLinks(repoUrl, report.firstBad), BISECT_WHERE_COST_STEPS), ""] : [],
    "<details><summary>Probes</summary>",
    "",
    markdownTable([["#", "commit", "against", "verdict", "time"], ...probes]),
    "",
    "</details>",
    ""
  ].join("\n");
}
function alertBisectMarkdown(outcome, repoUrl) {
  if (outcome.kind === "bisected") return bisectMarkdown(outcome.report, repoUrl);
  const [good, bad] = [commitLink(outcome.lastGood, repoUrl), commitLink(outcome.firstBad, repoUrl)];
  return outcome.kind === "one-commit" ? [
    `## \u{1F50E} db-bench-gate bisect: the first bad commit is ${bad}`,
    "",
    `${bad} is the only commit after the last good run's ${good} (first-parent): nothing to bisect, nothing was built. Its change is the alert's size.`,
    ""
  ].join("\n") : [
    `## \u{1F50E} db-bench-gate bisect: the first bad commit after ${good} up to ${bad} is not known`,
    "",
    `The bisect after this alert could not tell: ${escapeMarkdown(outcome.error)}`,
    "",
    "The alert's `db-bench-gate bisect` command runs it again (on a runner like the baseline's). The baseline job needs every commit of the range: `fetch-depth: 0` on actions/checkout.",
    ""
  ].join("\n");
}

// src/publish/charts.ts
import { mkdir as mkdir10, writeFile as writeFile7 } from "node:fs/promises";
import path21 from "node:path";

// node_modules/fast-xml-parser/src/util.js
var nameStartChar = ":A-Za-z_\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD";
var nameChar = nameStartChar + "\\-.\\d\\u00B7\\u0300-\\u036F\\u203F-\\u2040";
var nameRegexp = "[" + nameStartChar + "][" + nameChar + "]*";
var regexName = new RegExp("^" + nameRegexp + "$");
function getAllMatches(string, regex) {
  const matches = [];
  let match = regex.exec(string);
  while (match) {
    const allmatches = [];
    allmatches.startIndex = regex.lastIndex - match[0].length;
    const len = match.length;
    for (let index = 0; index < len; index++) {
      allmatches.push(match[index]);
    }
    matches.push(allmatches);
    match = regex.exec(string);
  }
  return matches;
}
var isName = function(string) {
  const match = regexName.exec(string);
  return !(match === null || typeof match === "undefined");
};
function isExist(v) {
  return typeof v !== "undefined";
}
var DANGEROUS_PROPERTY_NAMES = [
  // '__proto__',
  // 'constructor',
  // 'prototype',
  "hasOwnProperty",
  "toString",
  "valueOf",
  "__defineGetter__",
  "__defineSetter__",
  "__lookupGetter__",
  "__lookupSetter__"
];
var criticalProperties = ["__proto__", "constructor", "prototype"];

// node_modules/fast-xml-parser/src/validator.js
var defaultOptions = {
  allowBooleanAttributes: false,
  //A tag can have attributes without any value
  unpairedTags: []
};
function validate3(xmlData, options) {
  options = Object.assign({}, defaultOptions, options);
  const tags = [];
  let tagFound = false;
  let reachedRoot = false;
  if (xmlData[0] === "\uFEFF") {
    xmlData = xmlData.substr(1);
  }
  for (let i = 0; i < xmlData.length; i++) {
    if (xmlData[i] === "<" && xmlData[i + 1] === "?") {
      i += 2;
      i = readPI(xmlData, i);
      if (i.err) return i;
    } else if (xmlData[i] === "<") {
      let tagStartPos = i;
      i++;
      if (xmlData[i] === "!") {
        i = readCommentAndCDATA(xmlData, i);
        continue;
      } else {
        let closingTag = false;
        if (xmlData[i] === "/") {
          closingTag = true;
          i++;
        }
        let tagName = "";
        for (; i < xmlData.length && xmlData[i] !== ">" && xmlData[i] !== " " && xmlData[i] !== "	" && xmlData[i] !== "\n" && xmlData[i] !== "\r"; i++) {
          tagName += xmlData[i];
        }
        tagName = tagName.trim();
        if (tagName[tagName.length - 1] === "/") {
          tagName = tagName.substring(0, tagName.length - 1);
          i--;
        }
        if (!validateTagName(tagName)) {
          let msg;
          if (tagName.trim().length === 0) {
            msg = "Invalid space after '<'.";
          } else {
            msg = "Tag '" + tagName + "' is an invalid name.";
          }
          return getErrorObject("InvalidTag", msg, getLineNumberForPosition(xmlData, i));
        }
        const result = readAttributeStr(xmlData, i);
        if (result === false) {
          return getErrorObject("InvalidAttr", "Attributes for '" + tagName + "' have open quote.", getLineNumberForPosition(xmlData, i));
        }
        let attrStr = result.value;
        i = result.index;
        if (attrStr[attrStr.length - 1] === "/") {
          const attrStrStart = i - attrStr.length;
          attrStr = attrStr.substring(0, attrStr.length - 1);
          const isValid = validateAttributeString(attrStr, options);
          if (isValid === true) {
            tagFound = true;
          } else {
            return getErrorObject(isValid.err.code, isValid.err.msg, getLineNumberForPosition(xmlData, attrStrStart + isValid.err.line));
          }
        } else if (closingTag) {
          if (!result.tagClosed) {
            return getErrorObject("InvalidTag", "Closing tag '" + tagName + "' doesn't have proper closing.", getLineNumberForPosition(xmlData, i));
          } else if (attrStr.trim().length > 0) {
            return getErrorObject("InvalidTag", "Closing tag '" + tagName + "' can't have attributes or invalid starting.", getLineNumberForPosition(xmlData, tagStartPos));
          } else if (tags.length === 0) {
            return getErrorObject("InvalidTag", "Closing tag '" + tagName + "' has not been opened.", getLineNumberForPosition(xmlData, tagStartPos));
          } else {
            const otg = tags.pop();
            if (tagName !== otg.tagName) {
              let openPos = getLineNumberForPosition(xmlData, otg.tagStartPos);
              return getErrorObject(
                "InvalidTag",
                "Expected closing tag '" + otg.tagName + "' (opened in line " + openPos.line + ", col " + openPos.col + ") instead of closing tag '" + tagName + "'.",
                getLineNumberForPosition(xmlData, tagStartPos)
              );
            }
            if (tags.length == 0) {
              reachedRoot = true;
            }
          }
        } else {
          const isValid = validateAttributeString(attrStr, options);
          if (isValid !== true) {
            return getErrorObject(isValid.err.code, isValid.err.msg, getLineNumberForPosition(xmlData, i - attrStr.length + isValid.err.line));
          }
          if (reachedRoot === true) {
            return getErrorObject("InvalidXml", "Multiple possible root nodes found.", getLineNumberForPosition(xmlData, i));
          } else if (options.unpairedTags.indexOf(tagName) !== -1) {
          } else {
            tags.push({ tagName, tagStartPos });
          }
          tagFound = true;
        }
        for (i++; i < xmlData.length; i++) {
          if (xmlData[i] === "<") {
            if (xmlData[i + 1] === "!") {
              i++;
              i = readCommentAndCDATA(xmlData, i);
              continue;
            } else if (xmlData[i + 1] === "?") {
              i = readPI(xmlData, ++i);
              if (i.err) return i;
            } else {
              break;
            }
          } else if (xmlData[i] === "&") {
            const afterAmp = validateAmpersand(xmlData, i);
            if (afterAmp == -1)
              return getErrorObject("InvalidChar", "char '&' is not expected.", getLineNumberForPosition(xmlData, i));
            i = afterAmp;
          } else {
            if (reachedRoot === true && !isWhiteSpace(xmlData[i])) {
              return getErrorObject("InvalidXml", "Extra text at the end", getLineNumberForPosition(xmlData, i));
            }
          }
        }
        if (xmlData[i] === "<") {
          i--;
        }
      }
    } else {
      if (isWhiteSpace(xmlData[i])) {
        continue;
      }
      return getErrorObject("InvalidChar", "char '" + xmlData[i] + "' is not expected.", getLineNumberForPosition(xmlData, i));
    }
  }
  if (!tagFound) {
    return getErrorObject("InvalidXml", "Start tag expected.", 1);
  } else if (tags.length == 1) {
    return getErrorObject("InvalidTag", "Unclosed tag '" + tags[0].tagName + "'.", getLineNumberForPosition(xmlData, tags[0].tagStartPos));
  } else if (tags.length > 0) {
    return getErrorObject("InvalidXml", "Invalid '" + JSON.stringify(tags.map((t) => t.tagName), null, 4).replace(/\r?\n/g, "") + "' found.", { line: 1, col: 1 });
  }
  return true;
}
function isWhiteSpace(char) {
  return char === " " || char === "	" || char === "\n" || char === "\r";
}
function readPI(xmlData, i) {
  const start = i;
  for (; i < xmlData.length; i++) {
    if (xmlData[i] == "?" || xmlData[i] == " ") {
      const tagname = xmlData.substr(start, i - start);
      if (i > 5 && tagname === "xml") {
        return getErrorObject("InvalidXml", "XML declaration allowed only at the start of the document.", getLineNumberForPosition(xmlData, i));
      } else if (xmlData[i] == "?" && xmlData[i + 1] == ">") {
        i++;
        break;
      } else {
        continue;
      }
    }
  }
  return i;
}
function readCommentAndCDATA(xmlData, i) {
  if (xmlData.length > i + 5 && xmlData[i + 1] === "-" && xmlData[i + 2] === "-") {
    for (i += 3; i < xmlData.length; i++) {
      if (xmlData[i] === "-" && xmlData[i + 1] === "-" && xmlData[i + 2] === ">") {
        i += 2;
        break;
      }
    }
  } else if (xmlData.length > i + 8 && xmlData[i + 1] === "D" && xmlData[i + 2] === "O" && xmlData[i + 3] === "C" && xmlData[i + 4] === "T" && xmlData[i + 5] === "Y" && xmlData[i + 6] === "P" && xmlData[i + 7] === "E") {
    let angleBracketsCount = 1;
    for (i += 8; i < xmlData.length; i++) {
      if (xmlData[i] === "<") {
        angleBracketsCount++;
      } else if (xmlData[i] === ">") {
        angleBracketsCount--;
        if (angleBracketsCount === 0) {
          break;
        }
      }
    }
  } else if (xmlData.length > i + 9 && xmlData[i + 1] === "[" && xmlData[i + 2] === "C" && xmlData[i + 3] === "D" && xmlData[i + 4] === "A" && xmlData[i + 5] === "T" && xmlData[i + 6] === "A" && xmlData[i + 7] === "[") {
    for (i += 8; i < xmlData.length; i++) {
      if (xmlData[i] === "]" && xmlData[i + 1] === "]" && xmlData[i + 2] === ">") {
        i += 2;
        break;
      }
    }
  }
  return i;
}
var doubleQuote = '"';
var singleQuote = "'";
function readAttributeStr(xmlData, i) {
  let attrStr = "";
  let startChar = "";
  let tagClosed = false;
  for (; i < xmlData.length; i++) {
    if (xmlData[i] === doubleQuote || xmlData[i] === singleQuote) {
      if (startChar === "") {
        startChar = xmlData[i];
      } else if (startChar !== xmlData[i]) {
      } else {
        startChar = "";
      }
    } else if (xmlData[i] === ">") {
      if (startChar === "") {
        tagClosed = true;
        break;
      }
    }
    attrStr += xmlData[i];
  }
  if (startChar !== "") {
    return false;
  }
  return {
    value: attrStr,
    index: i,
    tagClosed
  };
}
function scanAttributeTokens(attrStr) {
  const tokens = [];
  const len = attrStr.length;
  let i = 0;
  while (i < len) {
    const tokenStart = i;
    while (i < len && isWhiteSpace(attrStr[i])) i++;
    if (i >= len) break;
    if (attrStr[i] === "=") {
      i++;
      continue;
    }
    const leadingWs = attrStr.slice(tokenStart, i);
    const nameStart = i;
    while (i < len && !isWhiteSpace(attrStr[i]) && attrStr[i] !== "=") i++;
    const name = attrStr.slice(nameStart, i);
    let equalsGroup;
    let j = i;
    while (j < len && isWhiteSpace(attrStr[j])) j++;
    if (j < len && attrStr[j] === "=") {
      equalsGroup = attrStr.slice(i, j + 1);
      i = j + 1;
    }
    let quoteChar;
    let value;
    let k = i;
    while (k < len && isWhiteSpace(attrStr[k])) k++;
    if (k < len && (attrStr[k] === '"' || attrStr[k] === "'")) {
      const valueStart = k + 1;
      const closeIdx = attrStr.indexOf(attrStr[k], valueStart);
      if (closeIdx !== -1) {
        quoteChar = attrStr[k];
        value = attrStr.slice(valueStart, closeIdx);
        i = closeIdx + 1;
      }
    }
    const token = { startIndex: tokenStart };
    token[1] = leadingWs;
    token[2] = name;
    token[3] = equalsGroup;
    token[4] = quoteChar !== void 0 ? true : void 0;
    token[5] = quoteChar;
    token[6] = value;
    tokens.push(token);
  }
  return tokens;
}
function validateAttributeString(attrStr, options) {
  const matches = scanAttributeTokens(attrStr);
  const attrNames = {};
  for (let i = 0; i < matches.length; i++) {
    if (matches[i][1].length === 0) {
      return getErrorObject("InvalidAttr", "Attribute '" + matches[i][2] + "' has no space in starting.", getPositionFromMatch(matches[i]));
    } else if (matches[i][3] !== void 0 && matches[i][4] === void 0) {
      return getErrorObject("InvalidAttr", "Attribute '" + matches[i][2] + "' is without value.", getPositionFromMatch(matches[i]));
    } else if (matches[i][3] === void 0 && !options.allowBooleanAttributes) {
      return getErrorObject("InvalidAttr", "boolean attribute '" + matches[i][2] + "' is not allowed.", getPositionFromMatch(matches[i]));
    }
    const attrName = matches[i][2];
    if (!validateAttrName(attrName)) {
      return getErrorObject("InvalidAttr", "Attribute '" + attrName + "' is an invalid name.", getPositionFromMatch(matches[i]));
    }
    if (!Object.prototype.hasOwnProperty.call(attrNames, attrName)) {
      attrNames[attrName] = 1;
    } else {
      return getErrorObject("InvalidAttr", "Attribute '" + attrName + "' is repeated.", getPositionFromMatch(matches[i]));
    }
  }
  return true;
}
function validateNumberAmpersand(xmlData, i) {
  let re = /\d/;
  if (xmlData[i] === "x") {
    i++;
    re = /[\da-fA-F]/;
  }
  for (; i < xmlData.length; i++) {
    if (xmlData[i] === ";")
      return i;
    if (!xmlData[i].match(re))
      break;
  }
  return -1;
}
function validateAmpersand(xmlData, i) {
  i++;
  if (xmlData[i] === ";")
    return -1;
  if (xmlData[i] === "#") {
    i++;
    return validateNumberAmpersand(xmlData, i);
  }
  let count = 0;
  for (; i < xmlData.length; i++, count++) {
    if (xmlData[i].match(/\w/) && count < 20)
      continue;
    if (xmlData[i] === ";")
      break;
    return -1;
  }
  return i;
}
function getErrorObject(code, message, lineNumber) {
  return {
    err: {
      code,
      msg: message,
      line: lineNumber.line || lineNumber,
      col: lineNumber.col
    }
  };
}
function validateAttrName(attrName) {
  return isName(attrName);
}
function validateTagName(tagname) {
  return isName(tagname);
}
function getLineNumberForPosition(xmlData, index) {
  const lines = xmlData.substring(0, index).split(/\r?\n/);
  return {
    line: lines.length,
    // column number is last line's length + 1, because column numbering starts at 1:
    col: lines[lines.length - 1].length + 1
  };
}
function getPositionFromMatch(match) {
  return match.startIndex + match[1].length;
}

// node_modules/@nodable/entities/src/entities.js
var CURRENCY = {
  cent: "\xA2",
  pound: "\xA3",
  curren: "\xA4",
  yen: "\xA5",
  euro: "\u20AC",
  dollar: "$",
  fnof: "\u0192",
  inr: "\u20B9",
  af: "\u060B",
  birr: "\u1265\u122D",
  peso: "\u20B1",
  rub: "\u20BD",
  won: "\u20A9",
  yuan: "\xA5",
  cedil: "\xB8"
};
var XML = {
  amp: "&",
  apos: "'",
  gt: ">",
  lt: "<",
  quot: '"'
};
var COMMON_HTML = {
  nbsp: "\xA0",
  copy: "\xA9",
  reg: "\xAE",
  trade: "\u2122",
  mdash: "\u2014",
  ndash: "\u2013",
  hellip: "\u2026",
  laquo: "\xAB",
  raquo: "\xBB",
  lsquo: "\u2018",
  rsquo: "\u2019",
  ldquo: "\u201C",
  rdquo: "\u201D",
  bull: "\u2022",
  para: "\xB6",
  sect: "\xA7",
  deg: "\xB0",
  frac12: "\xBD",
  frac14: "\xBC",
  frac34: "\xBE"
};

// node_modules/@nodable/entities/src/EntityDecoder.js
var ENTITY_ACTION = Object.freeze({
  /** Resolve and expand the entity normally. */
  ALLOW: "allow",
  /** Silently skip this entity — it will not be registered. */
  BLOCK: "block",
  /** Throw an error, aborting entity registration entirely. */
  THROW: "throw"
});
var SPECIAL_CHARS = new Set("!?\\\\/[]$%{}^&*()<>|+");
function validateEntityName(name) {
  if (name[0] === "#") {
    throw new Error(`[EntityReplacer] Invalid character '#' in entity name: "${name}"`);
  }
  for (const ch of name) {
    if (SPECIAL_CHARS.has(ch)) {
      throw new Error(`[EntityReplacer] Invalid character '${ch}' in entity name: "${name}"`);
    }
  }
  return name;
}
function mergeEntityMaps(...maps) {
  const out = /* @__PURE__ */ Object.create(null);
  for (const map of maps) {
    if (!map) continue;
    for (const key of Object.keys(map)) {
      const raw = map[key];
      if (typeof raw === "string") {
        out[key] = raw;
      } else if (raw && typeof raw === "object" && raw.val !== void 0) {
        const val = raw.val;
        if (typeof val === "string") {
          out[key] = val;
        }
      }
    }
  }
  return out;
}
var LIMIT_TIER_EXTERNAL = "external";
var LIMIT_TIER_BASE = "base";
var LIMIT_TIER_ALL = "all";
function parseLimitTiers(raw) {
  if (!raw || raw === LIMIT_TIER_EXTERNAL) return /* @__PURE__ */ new Set([LIMIT_TIER_EXTERNAL]);
  if (raw === LIMIT_TIER_ALL) return /* @__PURE__ */ new Set([LIMIT_TIER_ALL]);
  if (raw === LIMIT_TIER_BASE) return /* @__PURE__ */ new Set([LIMIT_TIER_BASE]);
  if (Array.isArray(raw)) return new Set(raw);
  return /* @__PURE__ */ new Set([LIMIT_TIER_EXTERNAL]);
}
var NCR_LEVEL = Object.freeze({ allow: 0, leave: 1, remove: 2, throw: 3 });
var XML10_ALLOWED_C0 = /* @__PURE__ */ new Set([9, 10, 13]);
function parseNCRConfig(ncr) {
  if (!ncr) {
    return { xmlVersion: 1, onLevel: NCR_LEVEL.allow, nullLevel: NCR_LEVEL.remove };
  }
  const xmlVersion = ncr.xmlVersion === 1.1 ? 1.1 : 1;
  const onLevel = NCR_LEVEL[ncr.onNCR] ?? NCR_LEVEL.allow;
  const nullLevel = NCR_LEVEL[ncr.nullNCR] ?? NCR_LEVEL.remove;
  const clampedNull = Math.max(nullLevel, NCR_LEVEL.remove);
  return { xmlVersion, onLevel, nullLevel: clampedNull };
}
var EntityDecoder = class {
  /**
   * @param {object} [options]
   * @param {object|null}  [options.namedEntities]        — extra named entities merged into base map
   * @param {object}  [options.limit]                 — security limits
   * @param {number}       [options.limit.maxTotalExpansions=0]  — 0 = unlimited
   * @param {number}       [options.limit.maxExpandedLength=0]   — 0 = unlimited
   * @param {'external'|'base'|'all'|string[]} [options.limit.applyLimitsTo='external']
   *   Which entity tiers count against the security limits:
   *   - 'external' (default) — only input/runtime + persistent external entities
   *   - 'base'               — only DEFAULT_XML_ENTITIES + namedEntities
   *   - 'all'                — every entity regardless of tier
   *   - string[]             — explicit combination, e.g. ['external', 'base']
   * @param {((resolved: string, original: string) => string)|null} [options.postCheck=null]
   * @param {string[]} [options.remove=[]] — entity names (e.g. ['nbsp', '#13']) to delete (replace with empty string)
   * @param {string[]} [options.leave=[]]  — entity names to keep as literal (unchanged in output)
   * @param {object}   [options.ncr]       — Numeric Character Reference controls
   * @param {1.0|1.1}  [options.ncr.xmlVersion=1.0]
   *   XML version governing which codepoint ranges are restricted:
   *   - 1.0 — C0 controls U+0001–U+001F (except U+0009/000A/000D) are prohibited
   *   - 1.1 — C0 controls are allowed when written as NCRs; C1 (U+007F–U+009F) decoded as-is
   * @param {'allow'|'leave'|'remove'|'throw'} [options.ncr.onNCR='allow']
   *   Base action for numeric references. Severity order: allow < leave < remove < throw.
   *   For codepoint ranges that carry a minimum level (surrogates → remove, XML 1.0 C0 → remove),
   *   the effective action is max(onNCR, rangeMinimum).
   * @param {'remove'|'throw'} [options.ncr.nullNCR='remove']
   *   Action for U+0000 (null). 'allow' and 'leave' are clamped to 'remove' since null is never safe.
   * @param {((name: string, value: string) => 'allow'|'block'|'throw')|null} [options.onExternalEntity=null]
   *   Hook called when an external entity is registered via `setExternalEntities()` or
   *   `addExternalEntity()`. Return `ENTITY_ACTION.ALLOW` to accept the entity,
   *   `ENTITY_ACTION.BLOCK` to silently skip it, or `ENTITY_ACTION.THROW` to abort with an error.
   * @param {((name: string, value: string) => 'allow'|'block'|'throw')|null} [options.onInputEntity=null]
   *   Hook called when an input entity is registered via `addInputEntities()`. Return
   *   `ENTITY_ACTION.ALLOW` to accept, `ENTITY_ACTION.BLOCK` to silently skip, or
   *   `ENTITY_ACTION.THROW` to abort with an error.
   */
  constructor(options = {}) {
    this._limit = options.limit || {};
    this._maxTotalExpansions = this._limit.maxTotalExpansions || 0;
    this._maxExpandedLength = this._limit.maxExpandedLength || 0;
    this._postCheck = typeof options.postCheck === "function" ? options.postCheck : (r) => r;
    this._limitTiers = parseLimitTiers(this._limit.applyLimitsTo ?? LIMIT_TIER_EXTERNAL);
    this._numericAllowed = options.numericAllowed ?? true;
    this._baseMap = mergeEntityMaps(XML, options.namedEntities || null);
    this._externalMap = /* @__PURE__ */ Object.create(null);
    this._inputMap = /* @__PURE__ */ Object.create(null);
    this._totalExpansions = 0;
    this._expandedLength = 0;
    this._removeSet = new Set(options.remove && Array.isArray(options.remove) ? options.remove : []);
    this._leaveSet = new Set(options.leave && Array.isArray(options.leave) ? options.leave : []);
    const ncrCfg = parseNCRConfig(options.ncr);
    this._ncrXmlVersion = ncrCfg.xmlVersion;
    this._ncrOnLevel = ncrCfg.onLevel;
    this._ncrNullLevel = ncrCfg.nullLevel;
    this._onExternalEntity = typeof options.onExternalEntity === "function" ? options.onExternalEntity : null;
    this._onInputEntity = typeof options.onInputEntity === "function" ? options.onInputEntity : null;
  }
  // -------------------------------------------------------------------------
  // Private: registration hook dispatch
  // -------------------------------------------------------------------------
  /**
   * Invoke a registration hook for a single entity name/value pair.
   * Returns true when the entity should be accepted, false when it should be
   * silently skipped (BLOCK), and throws when the hook returns THROW.
   *
   * @param {((name: string, value: string) => 'allow'|'block'|'throw')|null} hook
   * @param {string} name
   * @param {string} value
   * @param {string} context  — used in error messages ('external' | 'input')
   * @returns {boolean}  true = accept, false = skip
   */
  _applyRegistrationHook(hook, name, value, context) {
    if (!hook) return true;
    const action = hook(name, value);
    if (action === ENTITY_ACTION.BLOCK) return false;
    if (action === ENTITY_ACTION.THROW) {
      throw new Error(
        `[EntityDecoder] Registration of ${context} entity "&${name};" was rejected by hook`
      );
    }
    return true;
  }
  // -------------------------------------------------------------------------
  // Persistent external entity registration
  // -------------------------------------------------------------------------
  /**
   * Replace the full set of persistent external entities.
   * All keys are validated — throws on invalid characters.
   * If `onExternalEntity` is set, it is called once per entry; entries that
   * return `ENTITY_ACTION.BLOCK` are silently omitted, `ENTITY_ACTION.THROW`
   * aborts the whole call.
   * @param {Record<string, string | { regex?: RegExp, val: string }>} map
   */
  setExternalEntities(map) {
    if (map) {
      for (const key of Object.keys(map)) {
        validateEntityName(key);
      }
    }
    if (!this._onExternalEntity) {
      this._externalMap = mergeEntityMaps(map);
      return;
    }
    const flat = mergeEntityMaps(map);
    const filtered = /* @__PURE__ */ Object.create(null);
    for (const [name, value] of Object.entries(flat)) {
      if (this._applyRegistrationHook(this._onExternalEntity, name, value, "external")) {
        filtered[name] = value;
      }
    }
    this._externalMap = filtered;
  }
  /**
   * Add a single persistent external entity.
   * If `onExternalEntity` is set it is called before the entity is stored;
   * `ENTITY_ACTION.BLOCK` silently skips storage, `ENTITY_ACTION.THROW` raises.
   * @param {string} key
   * @param {string} value
   */
  addExternalEntity(key, value) {
    validateEntityName(key);
    if (typeof value === "string" && value.indexOf("&") === -1) {
      if (this._applyRegistrationHook(this._onExternalEntity, key, value, "external")) {
        this._externalMap[key] = value;
      }
    }
  }
  // -------------------------------------------------------------------------
  // Input / runtime entity registration (per document)
  // -------------------------------------------------------------------------
  /**
   * Inject DOCTYPE entities for the current document.
   * Also resets per-document expansion counters.
   * If `onInputEntity` is set it is called once per entry; entries returning
   * `ENTITY_ACTION.BLOCK` are silently omitted, `ENTITY_ACTION.THROW` aborts.
   * @param {Record<string, string | { regx?: RegExp, regex?: RegExp, val: string }>} map
   */
  addInputEntities(map) {
    this._totalExpansions = 0;
    this._expandedLength = 0;
    if (!this._onInputEntity) {
      this._inputMap = mergeEntityMaps(map);
      return;
    }
    const flat = mergeEntityMaps(map);
    const filtered = /* @__PURE__ */ Object.create(null);
    for (const [name, value] of Object.entries(flat)) {
      if (this._applyRegistrationHook(this._onInputEntity, name, value, "input")) {
        filtered[name] = value;
      }
    }
    this._inputMap = filtered;
  }
  // -------------------------------------------------------------------------
  // Per-document reset
  // -------------------------------------------------------------------------
  /**
   * Wipe input/runtime entities and reset counters.
   * Call this before processing each new document.
   * @returns {this}
   */
  reset() {
    this._inputMap = /* @__PURE__ */ Object.create(null);
    this._totalExpansions = 0;
    this._expandedLength = 0;
    return this;
  }
  // -------------------------------------------------------------------------
  // XML version (can be set after construction, e.g. once parser reads <?xml?>)
  // -------------------------------------------------------------------------
  /**
   * Update the XML version used for NCR classification.
   * Call this as soon as the document's `<?xml version="...">` declaration is parsed.
   * @param {1.0|1.1|number} version
   */
  setXmlVersion(version) {
    this._ncrXmlVersion = version === 1.1 ? 1.1 : 1;
  }
  // -------------------------------------------------------------------------
  // Primary API
  // -------------------------------------------------------------------------
  /**
   * Replace all entity references in `str` in a single pass.
   *
   * @param {string} str
   * @returns {string}
   */
  decode(str) {
    if (typeof str !== "string" || str.length === 0) return str;
    if (str.indexOf("&") === -1) return str;
    const original = str;
    const chunks = [];
    const len = str.length;
    let last = 0;
    let i = 0;
    const limitExpansions = this._maxTotalExpansions > 0;
    const limitLength = this._maxExpandedLength > 0;
    const checkLimits = limitExpansions || limitLength;
    while (i < len) {
      if (str.charCodeAt(i) !== 38) {
        i++;
        continue;
      }
      let j = i + 1;
      while (j < len && str.charCodeAt(j) !== 59 && j - i <= 32) j++;
      if (j >= len || str.charCodeAt(j) !== 59) {
        i++;
        continue;
      }
      const token = str.slice(i + 1, j);
      if (token.length === 0) {
        i++;
        continue;
      }
      let replacement;
      let tier;
      if (this._removeSet.has(token)) {
        replacement = "";
        if (tier === void 0) {
          tier = LIMIT_TIER_EXTERNAL;
        }
      } else if (this._leaveSet.has(token)) {
        i++;
        continue;
      } else if (token.charCodeAt(0) === 35) {
        const ncrResult = this._resolveNCR(token);
        if (ncrResult === void 0) {
          i++;
          continue;
        }
        replacement = ncrResult;
        tier = LIMIT_TIER_BASE;
      } else {
        const resolved = this._resolveName(token);
        replacement = resolved?.value;
        tier = resolved?.tier;
      }
      if (replacement === void 0) {
        i++;
        continue;
      }
      if (i > last) chunks.push(str.slice(last, i));
      chunks.push(replacement);
      last = j + 1;
      i = last;
      if (checkLimits && this._tierCounts(tier)) {
        if (limitExpansions) {
          this._totalExpansions++;
          if (this._totalExpansions > this._maxTotalExpansions) {
            throw new Error(
              `[EntityReplacer] Entity expansion count limit exceeded: ${this._totalExpansions} > ${this._maxTotalExpansions}`
            );
          }
        }
        if (limitLength) {
          const delta = replacement.length - (token.length + 2);
          if (delta > 0) {
            this._expandedLength += delta;
            if (this._expandedLength > this._maxExpandedLength) {
              throw new Error(
                `[EntityReplacer] Expanded content length limit exceeded: ${this._expandedLength} > ${this._maxExpandedLength}`
              );
            }
          }
        }
      }
    }
    if (last < len) chunks.push(str.slice(last));
    const result = chunks.length === 0 ? str : chunks.join("");
    return this._postCheck(result, original);
  }
  // -------------------------------------------------------------------------
  // Private: limit tier check
  // -------------------------------------------------------------------------
  /**
   * Returns true if a resolved entity of the given tier should count
   * against the expansion/length limits.
   * @param {string} tier  — LIMIT_TIER_EXTERNAL | LIMIT_TIER_BASE
   * @returns {boolean}
   */
  _tierCounts(tier) {
    if (this._limitTiers.has(LIMIT_TIER_ALL)) return true;
    return this._limitTiers.has(tier);
  }
  // -------------------------------------------------------------------------
  // Private: entity resolution
  // -------------------------------------------------------------------------
  /**
   * Resolve a named entity token (without & and ;).
   * Priority: inputMap > externalMap > baseMap
   * Returns the resolved value tagged with its limit tier.
   *
   * @param {string} name
   * @returns {{ value: string, tier: string }|undefined}
   */
  _resolveName(name) {
    if (name in this._inputMap) return { value: this._inputMap[name], tier: LIMIT_TIER_EXTERNAL };
    if (name in this._externalMap) return { value: this._externalMap[name], tier: LIMIT_TIER_EXTERNAL };
    if (name in this._baseMap) return { value: this._baseMap[name], tier: LIMIT_TIER_BASE };
    return void 0;
  }
  /**
   * Classify a codepoint and return the minimum action level that must be applied.
   * Returns -1 when no minimum is imposed (normal allow path).
   *
   * Ranges checked (in priority order):
   *   1. U+0000            — null, governed by nullNCR (always ≥ remove)
   *   2. U+D800–U+DFFF     — surrogates, always prohibited (min: remove)
   *   3. U+0001–U+001F \ {0x09,0x0A,0x0D}  — XML 1.0 restricted C0 (min: remove)
   *      (skipped in XML 1.1 — C0 controls are allowed when written as NCRs)
   *
   * @param {number} cp  — codepoint
   * @returns {number}   — minimum NCR_LEVEL value, or -1 for no restriction
   */
  _classifyNCR(cp) {
    if (cp === 0) return this._ncrNullLevel;
    if (cp >= 55296 && cp <= 57343) return NCR_LEVEL.remove;
    if (this._ncrXmlVersion === 1) {
      if (cp >= 1 && cp <= 31 && !XML10_ALLOWED_C0.has(cp)) return NCR_LEVEL.remove;
    }
    return -1;
  }
  /**
   * Execute a resolved NCR action.
   *
   * @param {number} action   — NCR_LEVEL value
   * @param {string} token    — raw token (e.g. '#38') for error messages
   * @param {number} cp       — codepoint, used only for error messages
   * @returns {string|undefined}
   *   - decoded character string  → 'allow'
   *   - ''                        → 'remove'
   *   - undefined                 → 'leave' (caller must skip past '&' only)
   *   - throws Error              → 'throw'
   */
  _applyNCRAction(action, token, cp) {
    switch (action) {
      case NCR_LEVEL.allow:
        return String.fromCodePoint(cp);
      case NCR_LEVEL.remove:
        return "";
      case NCR_LEVEL.leave:
        return void 0;
      // signal: keep literal
      case NCR_LEVEL.throw:
        throw new Error(
          `[EntityDecoder] Prohibited numeric character reference &${token}; (U+${cp.toString(16).toUpperCase().padStart(4, "0")})`
        );
      default:
        return String.fromCodePoint(cp);
    }
  }
  /**
   * Full NCR resolution pipeline for a numeric token.
   *
   * Steps:
   *   1. Parse the codepoint (decimal or hex).
   *   2. Validate the raw codepoint range (NaN, <0, >0x10FFFF).
   *   3. If numericAllowed is false and no minimum restriction applies → leave as-is.
   *   4. Classify the codepoint to find the minimum required action level.
   *   5. Resolve effective action = max(onNCR, minimum).
   *   6. Apply and return.
   *
   * @param {string} token  — e.g. '#38', '#x26', '#X26'
   * @returns {string|undefined}
   *   - string (incl. '')  — replacement ('' = remove)
   *   - undefined          — leave original &token; as-is
   */
  _resolveNCR(token) {
    const second = token.charCodeAt(1);
    let cp;
    if (second === 120 || second === 88) {
      cp = parseInt(token.slice(2), 16);
    } else {
      cp = parseInt(token.slice(1), 10);
    }
    if (Number.isNaN(cp) || cp < 0 || cp > 1114111) return void 0;
    const minimum = this._classifyNCR(cp);
    if (!this._numericAllowed && minimum < NCR_LEVEL.remove) return void 0;
    const effective = minimum === -1 ? this._ncrOnLevel : Math.max(this._ncrOnLevel, minimum);
    return this._applyNCRAction(effective, token, cp);
  }
};

// node_modules/fast-xml-parser/src/xmlparser/OptionsBuilder.js
var defaultOnDangerousProperty = (name) => {
  if (DANGEROUS_PROPERTY_NAMES.includes(name)) {
    return "__" + name;
  }
  return name;
};
var defaultOptions2 = {
  preserveOrder: false,
  attributeNamePrefix: "@_",
  attributesGroupName: false,
  textNodeName: "#text",
  ignoreAttributes: true,
  removeNSPrefix: false,
  // remove NS from tag name or attribute name if true
  allowBooleanAttributes: false,
  //a tag can have attributes without any value
  //ignoreRootElement : false,
  parseTagValue: true,
  parseAttributeValue: false,
  trimValues: true,
  //Trim string values of tag and attributes
  cdataPropName: false,
  numberParseOptions: {
    hex: true,
    leadingZeros: true,
    eNotation: true,
    unicode: false
  },
  tagValueProcessor: function(tagName, val) {
    return val;
  },
  attributeValueProcessor: function(attrName, val) {
    return val;
  },
  stopNodes: [],
  //nested tags will not be parsed even for errors
  alwaysCreateTextNode: false,
  isArray: () => false,
  commentPropName: false,
  unpairedTags: [],
  processEntities: true,
  htmlEntities: false,
  entityDecoder: null,
  ignoreDeclaration: false,
  ignorePiTags: false,
  transformTagName: false,
  transformAttributeName: false,
  updateTag: function(tagName, jPath, attrs) {
    return tagName;
  },
  // skipEmptyListItem: false
  captureMetaData: false,
  maxNestedTags: 100,
  strictReservedNames: true,
  jPath: true,
  // if true, pass jPath string to callbacks; if false, pass matcher instance
  onDangerousProperty: defaultOnDangerousProperty
};
function validatePropertyName(propertyName, optionName3) {
  if (typeof propertyName !== "string") {
    return;
  }
  const normalized = propertyName.toLowerCase();
  if (DANGEROUS_PROPERTY_NAMES.some((dangerous) => normalized === dangerous.toLowerCase())) {
    throw new Error(
      `[SECURITY] Invalid ${optionName3}: "${propertyName}" is a reserved JavaScript keyword that could cause prototype pollution`
    );
  }
  if (criticalProperties.some((dangerous) => normalized === dangerous.toLowerCase())) {
    throw new Error(
      `[SECURITY] Invalid ${optionName3}: "${propertyName}" is a reserved JavaScript keyword that could cause prototype pollution`
    );
  }
}
function normalizeProcessEntities(value, htmlEntities) {
  if (typeof value === "boolean") {
    return {
      enabled: value,
      // true or false
      maxEntitySize: 1e4,
      maxExpansionDepth: 1e4,
      maxTotalExpansions: Infinity,
      maxExpandedLength: 1e5,
      maxEntityCount: 1e3,
      allowedTags: null,
      tagFilter: null,
      appliesTo: "all"
    };
  }
  if (typeof value === "object" && value !== null) {
    return {
      enabled: value.enabled !== false,
      maxEntitySize: Math.max(1, value.maxEntitySize ?? 1e4),
      maxExpansionDepth: Math.max(1, value.maxExpansionDepth ?? 1e4),
      maxTotalExpansions: Math.max(1, value.maxTotalExpansions ?? Infinity),
      maxExpandedLength: Math.max(1, value.maxExpandedLength ?? 1e5),
      maxEntityCount: Math.max(1, value.maxEntityCount ?? 1e3),
      allowedTags: value.allowedTags ?? null,
      tagFilter: value.tagFilter ?? null,
      appliesTo: value.appliesTo ?? "all"
    };
  }
  return normalizeProcessEntities(true);
}
var buildOptions = function(options) {
  const built = Object.assign({}, defaultOptions2, options);
  const propertyNameOptions = [
    { value: built.attributeNamePrefix, name: "attributeNamePrefix" },
    { value: built.attributesGroupName, name: "attributesGroupName" },
    { value: built.textNodeName, name: "textNodeName" },
    { value: built.cdataPropName, name: "cdataPropName" },
    { value: built.commentPropName, name: "commentPropName" }
  ];
  for (const { value, name } of propertyNameOptions) {
    if (value) {
      validatePropertyName(value, name);
    }
  }
  if (built.onDangerousProperty === null) {
    built.onDangerousProperty = defaultOnDangerousProperty;
  }
  built.processEntities = normalizeProcessEntities(built.processEntities, built.htmlEntities);
  built.unpairedTagsSet = new Set(built.unpairedTags);
  if (built.stopNodes && Array.isArray(built.stopNodes)) {
    built.stopNodes = built.stopNodes.map((node) => {
      if (typeof node === "string" && node.startsWith("*.")) {
        return ".." + node.substring(2);
      }
      return node;
    });
  }
  return built;
};

// node_modules/fast-xml-parser/src/xmlparser/xmlNode.js
var METADATA_SYMBOL;
if (typeof Symbol !== "function") {
  METADATA_SYMBOL = "@@xmlMetadata";
} else {
  METADATA_SYMBOL = /* @__PURE__ */ Symbol("XML Node Metadata");
}
var XmlNode = class {
  constructor(tagname) {
    this.tagname = tagname;
    this.child = [];
    this[":@"] = /* @__PURE__ */ Object.create(null);
  }
  add(key, val) {
    if (key === "__proto__") key = "#__proto__";
    this.child.push({ [key]: val });
  }
  addChild(node, startIndex) {
    if (node.tagname === "__proto__") node.tagname = "#__proto__";
    if (node[":@"] && Object.keys(node[":@"]).length > 0) {
      this.child.push({ [node.tagname]: node.child, [":@"]: node[":@"] });
    } else {
      this.child.push({ [node.tagname]: node.child });
    }
    this.addStartIndex(startIndex);
  }
  addStartIndex(startIndex) {
    if (startIndex !== void 0) {
      this.child[this.child.length - 1][METADATA_SYMBOL] = { startIndex };
    }
  }
  addEndIndex(endIndex) {
    const lastChild = this.child[this.child.length - 1];
    if (lastChild !== void 0 && lastChild[METADATA_SYMBOL] !== void 0 && lastChild[METADATA_SYMBOL].endIndex === void 0) {
      lastChild[METADATA_SYMBOL].endIndex = endIndex;
    }
  }
  /** symbol used for metadata */
  static getMetaDataSymbol() {
    return METADATA_SYMBOL;
  }
};

// node_modules/xml-naming/src/index.js
var nameStartChar10 = ":A-Za-z_\xC0-\xD6\xD8-\xF6\xF8-\u02FF\u0370-\u037D\u037F-\u0486\u0488-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD";
var nameChar10 = nameStartChar10 + "\\-\\.\\d\xB7\u0300-\u036F\u203F-\u2040";
var nameStartChar11 = ":A-Za-z_\xC0-\u02FF\u0370-\u037D\u037F-\u0486\u0488-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}";
var nameChar11 = nameStartChar11 + "\\-\\.\\d\xB7\u0300-\u036F\u0487\u203F-\u2040";
var buildRegexes = (startChar, char, flags = "") => {
  const ncStart = startChar.replace(":", "");
  const ncChar = char.replace(":", "");
  const ncNamePat = `[${ncStart}][${ncChar}]*`;
  return {
    name: new RegExp(`^[${startChar}][${char}]*$`, flags),
    ncName: new RegExp(`^${ncNamePat}$`, flags),
    qName: new RegExp(`^${ncNamePat}(?::${ncNamePat})?$`, flags),
    nmToken: new RegExp(`^[${char}]+$`, flags),
    nmTokens: new RegExp(`^[${char}]+(?:\\s+[${char}]+)*$`, flags)
  };
};
var regexes10 = buildRegexes(nameStartChar10, nameChar10);
var regexes11 = buildRegexes(nameStartChar11, nameChar11, "u");
var nameStartCharAscii = ":A-Za-z_";
var nameCharAscii = nameStartCharAscii + "\\-\\.\\d";
var regexesAscii = buildRegexes(nameStartCharAscii, nameCharAscii);
var getRegexes = (xmlVersion = "1.0", asciiOnly = false) => {
  if (asciiOnly) return regexesAscii;
  return xmlVersion === "1.1" ? regexes11 : regexes10;
};
var qName = (str, { xmlVersion = "1.0", asciiOnly = false } = {}) => getRegexes(xmlVersion, asciiOnly).qName.test(str);
var PRODUCTIONS = ["name", "ncName", "qName", "nmToken", "nmTokens"];
var createValidator = (production, { xmlVersion = "1.0", asciiOnly = false, maxCacheSize = 2048 } = {}) => {
  if (!PRODUCTIONS.includes(production)) {
    throw new TypeError(
      `Unknown production "${production}". Must be one of: ${PRODUCTIONS.join(", ")}`
    );
  }
  const regex = getRegexes(xmlVersion, asciiOnly)[production];
  let cache = /* @__PURE__ */ new Map();
  const validator = (str) => {
    const cached = cache.get(str);
    if (cached !== void 0) return cached;
    const result = regex.test(str);
    if (cache.size < maxCacheSize) cache.set(str, result);
    return result;
  };
  validator.reset = () => {
    cache = /* @__PURE__ */ new Map();
  };
  return validator;
};

// node_modules/fast-xml-parser/src/xmlparser/DocTypeReader.js
var DocTypeReader = class {
  constructor(options, xmlVersion) {
    this.suppressValidationErr = !options;
    this.options = options;
    this.xmlVersion = xmlVersion || 1;
  }
  setXmlVersion(xmlVersion = 1) {
    this.xmlVersion = xmlVersion;
  }
  readDocType(xmlData, i) {
    const entities = /* @__PURE__ */ Object.create(null);
    let entityCount = 0;
    if (xmlData[i + 3] === "O" && xmlData[i + 4] === "C" && xmlData[i + 5] === "T" && xmlData[i + 6] === "Y" && xmlData[i + 7] === "P" && xmlData[i + 8] === "E") {
      i = i + 9;
      let angleBracketsCount = 1;
      let hasBody = false, comment = false;
      let quoteChar = null;
      let exp = "";
      for (; i < xmlData.length; i++) {
        if (quoteChar !== null) {
          if (xmlData[i] === quoteChar) quoteChar = null;
          exp += xmlData[i];
          continue;
        }
        if (!hasBody && !comment && (xmlData[i] === '"' || xmlData[i] === "'")) {
          quoteChar = xmlData[i];
          exp += xmlData[i];
          continue;
        }
        if (xmlData[i] === "<" && !comment) {
          if (hasBody && hasSeq(xmlData, "!ENTITY", i)) {
            i += 7;
            let entityName, val;
            [entityName, val, i] = this.readEntityExp(xmlData, i + 1, this.suppressValidationErr);
            if (val.indexOf("&") === -1) {
              if (this.options.enabled !== false && this.options.maxEntityCount != null && entityCount >= this.options.maxEntityCount) {
                throw new Error(
                  `Entity count (${entityCount + 1}) exceeds maximum allowed (${this.options.maxEntityCount})`
                );
              }
              entities[entityName] = val;
              entityCount++;
            }
          } else if (hasBody && hasSeq(xmlData, "!ELEMENT", i)) {
            i += 8;
            const { index } = this.readElementExp(xmlData, i + 1);
            i = index;
          } else if (hasBody && hasSeq(xmlData, "!ATTLIST", i)) {
            i += 8;
          } else if (hasBody && hasSeq(xmlData, "!NOTATION", i)) {
            i += 9;
            const { index } = this.readNotationExp(xmlData, i + 1, this.suppressValidationErr);
            i = index;
          } else if (hasSeq(xmlData, "!--", i)) comment = true;
          else throw new Error(`Invalid DOCTYPE`);
          angleBracketsCount++;
          exp = "";
        } else if (xmlData[i] === ">") {
          if (comment) {
            if (xmlData[i - 1] === "-" && xmlData[i - 2] === "-") {
              comment = false;
              angleBracketsCount--;
            }
          } else {
            angleBracketsCount--;
          }
          if (angleBracketsCount === 0) {
            break;
          }
        } else if (xmlData[i] === "[") {
          hasBody = true;
        } else {
          exp += xmlData[i];
        }
      }
      if (quoteChar !== null || angleBracketsCount !== 0) {
        throw new Error(`Unclosed DOCTYPE`);
      }
    } else {
      throw new Error(`Invalid Tag instead of DOCTYPE`);
    }
    return { entities, i };
  }
  readEntityExp(xmlData, i) {
    i = skipWhitespace(xmlData, i);
    const startIndex = i;
    while (i < xmlData.length && !/\s/.test(xmlData[i]) && xmlData[i] !== '"' && xmlData[i] !== "'") {
      i++;
    }
    let entityName = xmlData.substring(startIndex, i);
    validateEntityName2(entityName, { xmlVersion: this.xmlVersion });
    i = skipWhitespace(xmlData, i);
    if (!this.suppressValidationErr) {
      if (xmlData.substring(i, i + 6).toUpperCase() === "SYSTEM") {
        throw new Error("External entities are not supported");
      } else if (xmlData[i] === "%") {
        throw new Error("Parameter entities are not supported");
      }
    }
    let entityValue = "";
    [i, entityValue] = this.readIdentifierVal(xmlData, i, "entity");
    if (this.options.enabled !== false && this.options.maxEntitySize != null && entityValue.length > this.options.maxEntitySize) {
      throw new Error(
        `Entity "${entityName}" size (${entityValue.length}) exceeds maximum allowed size (${this.options.maxEntitySize})`
      );
    }
    i--;
    return [entityName, entityValue, i];
  }
  readNotationExp(xmlData, i) {
    i = skipWhitespace(xmlData, i);
    const startIndex = i;
    while (i < xmlData.length && !/\s/.test(xmlData[i])) {
      i++;
    }
    let notationName = xmlData.substring(startIndex, i);
    !this.suppressValidationErr && validateEntityName2(notationName, { xmlVersion: this.xmlVersion });
    i = skipWhitespace(xmlData, i);
    const identifierType = xmlData.substring(i, i + 6).toUpperCase();
    if (!this.suppressValidationErr && identifierType !== "SYSTEM" && identifierType !== "PUBLIC") {
      throw new Error(`Expected SYSTEM or PUBLIC, found "${identifierType}"`);
    }
    i += identifierType.length;
    i = skipWhitespace(xmlData, i);
    let publicIdentifier = null;
    let systemIdentifier = null;
    if (identifierType === "PUBLIC") {
      [i, publicIdentifier] = this.readIdentifierVal(xmlData, i, "publicIdentifier");
      i = skipWhitespace(xmlData, i);
      if (xmlData[i] === '"' || xmlData[i] === "'") {
        [i, systemIdentifier] = this.readIdentifierVal(xmlData, i, "systemIdentifier");
      }
    } else if (identifierType === "SYSTEM") {
      [i, systemIdentifier] = this.readIdentifierVal(xmlData, i, "systemIdentifier");
      if (!this.suppressValidationErr && !systemIdentifier) {
        throw new Error("Missing mandatory system identifier for SYSTEM notation");
      }
    }
    return { notationName, publicIdentifier, systemIdentifier, index: --i };
  }
  readIdentifierVal(xmlData, i, type) {
    let identifierVal = "";
    const startChar = xmlData[i];
    if (startChar !== '"' && startChar !== "'") {
      throw new Error(`Expected quoted string, found "${startChar}"`);
    }
    i++;
    const startIndex = i;
    while (i < xmlData.length && xmlData[i] !== startChar) {
      i++;
    }
    identifierVal = xmlData.substring(startIndex, i);
    if (xmlData[i] !== startChar) {
      throw new Error(`Unterminated ${type} value`);
    }
    i++;
    return [i, identifierVal];
  }
  readElementExp(xmlData, i) {
    i = skipWhitespace(xmlData, i);
    const startIndex = i;
    while (i < xmlData.length && !/\s/.test(xmlData[i])) {
      i++;
    }
    let elementName = xmlData.substring(startIndex, i);
    if (!this.suppressValidationErr && !qName(elementName, { xmlVersion: this.xmlVersion })) {
      throw new Error(`Invalid element name: "${elementName}"`);
    }
    i = skipWhitespace(xmlData, i);
    let contentModel = "";
    if (xmlData[i] === "E" && hasSeq(xmlData, "MPTY", i)) i += 4;
    else if (xmlData[i] === "A" && hasSeq(xmlData, "NY", i)) i += 2;
    else if (xmlData[i] === "(") {
      i++;
      const startIndex2 = i;
      while (i < xmlData.length && xmlData[i] !== ")") {
        i++;
      }
      contentModel = xmlData.substring(startIndex2, i);
      if (xmlData[i] !== ")") {
        throw new Error("Unterminated content model");
      }
    } else if (!this.suppressValidationErr) {
      throw new Error(`Invalid Element Expression, found "${xmlData[i]}"`);
    }
    return {
      elementName,
      contentModel: contentModel.trim(),
      index: i
    };
  }
  readAttlistExp(xmlData, i) {
    i = skipWhitespace(xmlData, i);
    let startIndex = i;
    while (i < xmlData.length && !/\s/.test(xmlData[i])) {
      i++;
    }
    let elementName = xmlData.substring(startIndex, i);
    validateEntityName2(elementName, { xmlVersion: this.xmlVersion });
    i = skipWhitespace(xmlData, i);
    startIndex = i;
    while (i < xmlData.length && !/\s/.test(xmlData[i])) {
      i++;
    }
    let attributeName = xmlData.substring(startIndex, i);
    if (!validateEntityName2(attributeName, { xmlVersion: this.xmlVersion })) {
      throw new Error(`Invalid attribute name: "${attributeName}"`);
    }
    i = skipWhitespace(xmlData, i);
    let attributeType = "";
    if (xmlData.substring(i, i + 8).toUpperCase() === "NOTATION") {
      attributeType = "NOTATION";
      i += 8;
      i = skipWhitespace(xmlData, i);
      if (xmlData[i] !== "(") {
        throw new Error(`Expected '(', found "${xmlData[i]}"`);
      }
      i++;
      let allowedNotations = [];
      while (i < xmlData.length && xmlData[i] !== ")") {
        const startIndex2 = i;
        while (i < xmlData.length && xmlData[i] !== "|" && xmlData[i] !== ")") {
          i++;
        }
        let notation = xmlData.substring(startIndex2, i);
        notation = notation.trim();
        if (!validateEntityName2(notation, { xmlVersion: this.xmlVersion })) {
          throw new Error(`Invalid notation name: "${notation}"`);
        }
        allowedNotations.push(notation);
        if (xmlData[i] === "|") {
          i++;
          i = skipWhitespace(xmlData, i);
        }
      }
      if (xmlData[i] !== ")") {
        throw new Error("Unterminated list of notations");
      }
      i++;
      attributeType += " (" + allowedNotations.join("|") + ")";
    } else {
      const startIndex2 = i;
      while (i < xmlData.length && !/\s/.test(xmlData[i])) {
        i++;
      }
      attributeType += xmlData.substring(startIndex2, i);
      const validTypes = ["CDATA", "ID", "IDREF", "IDREFS", "ENTITY", "ENTITIES", "NMTOKEN", "NMTOKENS"];
      if (!this.suppressValidationErr && !validTypes.includes(attributeType.toUpperCase())) {
        throw new Error(`Invalid attribute type: "${attributeType}"`);
      }
    }
    i = skipWhitespace(xmlData, i);
    let defaultValue = "";
    if (xmlData.substring(i, i + 8).toUpperCase() === "#REQUIRED") {
      defaultValue = "#REQUIRED";
      i += 8;
    } else if (xmlData.substring(i, i + 7).toUpperCase() === "#IMPLIED") {
      defaultValue = "#IMPLIED";
      i += 7;
    } else {
      [i, defaultValue] = this.readIdentifierVal(xmlData, i, "ATTLIST");
    }
    return {
      elementName,
      attributeName,
      attributeType,
      defaultValue,
      index: i
    };
  }
};
var skipWhitespace = (data, index) => {
  while (index < data.length && /\s/.test(data[index])) {
    index++;
  }
  return index;
};
function hasSeq(data, seq, i) {
  for (let j = 0; j < seq.length; j++) {
    if (seq[j] !== data[i + j + 1]) return false;
  }
  return true;
}
function validateEntityName2(name, xmlVersion) {
  if (qName(name, { xmlVersion }))
    return name;
  else
    throw new Error(`Invalid entity name ${name}`);
}

// node_modules/anynum/digitTable.js
var SCRIPT_ZEROS = [
  // Basic Latin (ASCII) — included for completeness / pass-through
  48,
  // 0-9
  // Arabic scripts
  1632,
  // Arabic-Indic ٠١٢٣٤٥٦٧٨٩
  1776,
  // Extended Arabic-Indic (Urdu/Persian/Sindhi) ۰۱۲۳
  // Indic scripts
  2406,
  // Devanagari ०१२३४५६७८९
  2534,
  // Bengali ০১২৩৪৫৬৭৮৯
  2662,
  // Gurmukhi ੦੧੨੩੪੫੬੭੮੯
  2790,
  // Gujarati ૦૧૨૩૪૫૬૭૮૯
  2918,
  // Odia ୦୧୨୩୪୫୬୭୮୯
  3046,
  // Tamil ௦௧௨௩௪௫௬௭௮௯
  3174,
  // Telugu ౦౧౨౩౪౫౬౭౮౯
  3302,
  // Kannada ೦೧೨೩೪೫೬೭೮೯
  3430,
  // Malayalam ൦൧൨൩൪൫൬൭൮൯
  3558,
  // Sinhala Archaic ෦෧෨෩෪෫෬෭෮෯
  // Southeast Asian scripts
  3664,
  // Thai ๐๑๒๓๔๕๖๗๘๙
  3792,
  // Lao ໐໑໒໓໔໕໖໗໘໙
  3872,
  // Tibetan ༠༡༢༣༤༥༦༧༨༩
  4160,
  // Myanmar ၀၁၂၃၄၅၆၇၈၉
  4240,
  // Myanmar Shan ႐႑႒႓႔႕႖႗႘႙
  6112,
  // Khmer ០១២៣៤៥៦៧៨៩
  6160,
  // Mongolian ᠐᠑᠒᠓᠔᠕᠖᠗᠘᠙
  6470,
  // Limbu ᥆᥇᥈᥉᥊᥋᥌᥍᥎᥏
  6608,
  // New Tai Lue ᧐᧑᧒᧓᧔᧕᧖᧗᧘᧙
  6784,
  // Tai Tham Hora ᪀᪁᪂᪃᪄᪅᪆᪇᪈᪉
  6800,
  // Tai Tham Tham ᪐᪑᪒᪓᪔᪕᪖᪗᪘᪙
  6992,
  // Balinese ᭐᭑᭒᭓᭔᭕᭖᭗᭘᭙
  7088,
  // Sundanese ᮰᮱᮲᮳᮴᮵᮶᮷᮸᮹
  7232,
  // Lepcha ᱀᱁᱂᱃᱄᱅᱆᱇᱈᱉
  7248,
  // Ol Chiki ᱐᱑᱒᱓᱔᱕᱖᱗᱘᱙
  // Fullwidth (CJK context)
  65296,
  // Fullwidth ０１２３４５６７８９
  // Mathematical digit variants (Unicode math block)
  120782,
  // Mathematical Bold
  120792,
  // Mathematical Double-Struck
  120802,
  // Mathematical Sans-Serif
  120812,
  // Mathematical Sans-Serif Bold
  120822,
  // Mathematical Monospace
  // Other scripts
  66720,
  // Osmanya 𐒠𐒡𐒢𐒣𐒤𐒥𐒦𐒧𐒨𐒩
  68912,
  // Hanifi Rohingya 𐴰𐴱𐴲𐴳𐴴𐴵𐴶𐴷𐴸𐴹
  69734,
  // Brahmi 𑁦𑁧𑁨𑁩𑁪𑁫𑁬𑁭𑁮𑁯
  69872,
  // Sora Sompeng 𑃰𑃱𑃲𑃳𑃴𑃵𑃶𑃷𑃸𑃹
  69942,
  // Chakma 𑄶𑄷𑄸𑄹𑄺𑄻𑄼𑄽𑄾𑄿
  70096,
  // Sharada 𑇐𑇑𑇒𑇓𑇔𑇕𑇖𑇗𑇘𑇙
  70384,
  // Khudawadi 𑋰𑋱𑋲𑋳𑋴𑋵𑋶𑋷𑋸𑋹
  70736,
  // Newa 𑑐𑑑𑑒𑑓𑑔𑑕𑑖𑑗𑑘𑑙
  70864,
  // Tirhuta 𑓐𑓑𑓒𑓓𑓔𑓕𑓖𑓗𑓘𑓙
  71248,
  // Modi 𑙐𑙑𑙒𑙓𑙔𑙕𑙖𑙗𑙘𑙙
  71360,
  // Takri 𑛀𑛁𑛂𑛃𑛄𑛅𑛆𑛇𑛈𑛉
  71472,
  // Ahom 𑜰𑜱𑜲𑜳𑜴𑜵𑜶𑜷𑜸𑜹
  71904,
  // Warang Citi 𑣠𑣡𑣢𑣣𑣤𑣥𑣦𑣧𑣨𑣩
  72016,
  // Dives Akuru 𑥐𑥑𑥒𑥓𑥔𑥕𑥖𑥗𑥘𑥙
  72688,
  // Khitan Small Script 𑯰𑯱𑯲𑯳𑯴𑯵𑯶𑯷𑯸𑯹
  72784,
  // Bhaiksuki 𑱐𑱑𑱒𑱓𑱔𑱕𑱖𑱗𑱘𑱙
  73040,
  // Masaram Gondi 𑵐𑵑𑵒𑵓𑵔𑵕𑵖𑵗𑵘𑵙
  73120,
  // Gunjala Gondi 𑶠𑶡𑶢𑶣𑶤𑶥𑶦𑶧𑶨𑶩
  73552,
  // Kawi 𑽐𑽑𑽒𑽓𑽔𑽕𑽖𑽗𑽘𑽙
  92768,
  // Mro 𖩠𖩡𖩢𖩣𖩤𖩥𖩦𖩧𖩨𖩩
  92864,
  // Tangsa 𖫀𖫁𖫂𖫃𖫄𖫅𖫆𖫇𖫈𖫉
  93008,
  // Pahawh Hmong 𖭐𖭑𖭒𖭓𖭔𖭕𖭖𖭗𖭘𖭙
  123200,
  // Nyiakeng Puachue Hmong 𞅀𞅁𞅂𞅃𞅄𞅅𞅆𞅇𞅈𞅉
  123632,
  // Wancho 𞋰𞋱𞋲𞋳𞋴𞋵𞋶𞋷𞋸𞋹
  124144,
  // Nag Mundari 𞓰𞓱𞓲𞓳𞓴𞓵𞓶𞓷𞓸𞓹
  125264,
  // Adlam 𞥐𞥑𞥒𞥓𞥔𞥕𞥖𞥗𞥘𞥙
  130032
  // Segmented digit symbols 🯰🯱🯲🯳🯴🯵🯶🯷🯸🯹
];
var NOT_DIGIT = 255;
var HIGH_MAP = /* @__PURE__ */ new Map();
var LOW_MAX = 65535;
var LOW_MIN = 1632;
var TABLE_OFFSET = LOW_MIN;
var TABLE_SIZE = LOW_MAX - LOW_MIN + 1;
var TABLE = new Uint8Array(TABLE_SIZE).fill(NOT_DIGIT);
for (const zero of SCRIPT_ZEROS) {
  for (let d = 0; d < 10; d++) {
    const cp = zero + d;
    if (cp <= LOW_MAX) {
      TABLE[cp - TABLE_OFFSET] = d;
    } else {
      HIGH_MAP.set(cp, d);
    }
  }
}

// node_modules/anynum/anynum.js
var CHAR_0 = 48;
var CHAR_9 = 57;
var CHAR_MINUS = 45;
var MINUS_SET = /* @__PURE__ */ new Set([8722, 65293, 65123]);
function anynum(str) {
  if (typeof str !== "string") return str;
  const len = str.length;
  if (len === 0) return str;
  let firstHit = -1;
  for (let i = 0; i < len; i++) {
    const cc = str.charCodeAt(i);
    if (cc >= CHAR_0 && cc <= CHAR_9 || cc === CHAR_MINUS) continue;
    if (cc < TABLE_OFFSET) {
      if (MINUS_SET.has(cc)) {
        firstHit = i;
        break;
      }
      continue;
    }
    if (cc >= 55296 && cc <= 56319) {
      if (i + 1 < len) {
        const low = str.charCodeAt(i + 1);
        if (low >= 56320 && low <= 57343) {
          const cp = 65536 + (cc - 55296 << 10) + (low - 56320);
          if (HIGH_MAP.has(cp)) {
            firstHit = i;
            break;
          }
        }
      }
      continue;
    }
    if (TABLE[cc - TABLE_OFFSET] !== NOT_DIGIT || MINUS_SET.has(cc)) {
      firstHit = i;
      break;
    }
  }
  if (firstHit === -1) return str;
  const chars = [];
  if (firstHit > 0) chars.push(str.slice(0, firstHit));
  for (let i = firstHit; i < len; i++) {
    const cc = str.charCodeAt(i);
    if (cc >= CHAR_0 && cc <= CHAR_9 || cc === CHAR_MINUS) {
      chars.push(str[i]);
      continue;
    }
    if (cc < TABLE_OFFSET) {
      chars.push(MINUS_SET.has(cc) ? "-" : str[i]);
      continue;
    }
    if (cc >= 55296 && cc <= 56319) {
      if (i + 1 < len) {
        const low = str.charCodeAt(i + 1);
        if (low >= 56320 && low <= 57343) {
          const cp = 65536 + (cc - 55296 << 10) + (low - 56320);
          const d2 = HIGH_MAP.get(cp);
          if (d2 !== void 0) {
            chars.push(String.fromCharCode(d2 + 48));
            i++;
            continue;
          }
        }
      }
      chars.push(str[i]);
      continue;
    }
    if (MINUS_SET.has(cc)) {
      chars.push("-");
      continue;
    }
    const d = TABLE[cc - TABLE_OFFSET];
    chars.push(d !== NOT_DIGIT ? String.fromCharCode(d + 48) : str[i]);
  }
  return chars.join("");
}
var anynum_default = anynum;

// node_modules/strnum/strnum.js
var hexRegex = /^[-+]?0x[a-fA-F0-9]+$/;
var binRegex = /^0b[01]+$/;
var octRegex = /^0o[0-7]+$/;
var numRegex = /^([\-\+])?(0*)([0-9]*(\.[0-9]*)?)$/;
var consider = {
  hex: true,
  binary: false,
  octal: false,
  leadingZeros: true,
  decimalPoint: ".",
  eNotation: true,
  //skipLike: /regex/,
  infinity: "original",
  // "null", "infinity" (Infinity type), "string" ("Infinity" (the string literal))
  unicode: false
};
function toNumber(str, options = {}) {
  options = Object.assign({}, consider, options);
  if (!str || typeof str !== "string") return str;
  let trimmedStr = str.trim();
  if (trimmedStr.length === 0) return str;
  else if (options.skipLike !== void 0 && options.skipLike.test(trimmedStr)) return str;
  else if (trimmedStr === "0") return 0;
  if (options.unicode) {
    trimmedStr = anynum_default(trimmedStr);
    if (trimmedStr === "0") return 0;
  }
  if (options.hex && hexRegex.test(trimmedStr)) {
    return parse_int(trimmedStr, 16);
  } else if (options.binary && binRegex.test(trimmedStr)) {
    return parse_int(trimmedStr, 2);
  } else if (options.octal && octRegex.test(trimmedStr)) {
    return parse_int(trimmedStr, 8);
  } else if (!isFinite(trimmedStr)) {
    const num = Number(trimmedStr);
    if (Number.isNaN(num)) return str;
    return handleInfinity(str, num, options);
  } else if (trimmedStr.includes("e") || trimmedStr.includes("E")) {
    return resolveEnotation(str, trimmedStr, options);
  } else {
    const match = numRegex.exec(trimmedStr);
    if (match) {
      const sign = match[1] || "";
      const leadingZeros = match[2];
      let numTrimmedByZeros = trimZeros(match[3]);
      const decimalAdjacentToLeadingZeros = sign ? (
        // 0., -00., 000.
        trimmedStr[leadingZeros.length + 1] === "."
      ) : trimmedStr[leadingZeros.length] === ".";
      if (!options.leadingZeros && (leadingZeros.length > 1 || leadingZeros.length === 1 && !decimalAdjacentToLeadingZeros)) {
        return str;
      } else {
        const num = Number(trimmedStr);
        const parsedStr = String(num);
        if (num === 0) return num;
        if (parsedStr.search(/[eE]/) !== -1) {
          if (options.eNotation) return num;
          else return str;
        } else if (trimmedStr.indexOf(".") !== -1) {
          if (parsedStr === "0") return num;
          else if (parsedStr === numTrimmedByZeros) return num;
          else if (parsedStr === `${sign}${numTrimmedByZeros}`) return num;
          else return str;
        }
        let n = leadingZeros ? numTrimmedByZeros : trimmedStr;
        if (leadingZeros) {
          return n === parsedStr || sign + n === parsedStr ? num : str;
        } else {
          return n === parsedStr || n === sign + parsedStr ? num : str;
        }
      }
    } else {
      return str;
    }
  }
}
var eNotationRegx = /^([-+])?(0*)(\d*(\.\d*)?[eE][-\+]?\d+)$/;
function resolveEnotation(str, trimmedStr, options) {
  if (!options.eNotation) return str;
  const notation = trimmedStr.match(eNotationRegx);
  if (notation) {
    let sign = notation[1] || "";
    const eChar = notation[3].indexOf("e") === -1 ? "E" : "e";
    const leadingZeros = notation[2];
    const eAdjacentToLeadingZeros = sign ? (
      // 0E.
      trimmedStr[leadingZeros.length + 1] === eChar
    ) : trimmedStr[leadingZeros.length] === eChar;
    if (leadingZeros.length > 1 && eAdjacentToLeadingZeros) return str;
    else if (leadingZeros.length === 1 && (notation[3].startsWith(`.${eChar}`) || notation[3][0] === eChar)) {
      return Number(trimmedStr);
    } else if (leadingZeros.length > 0) {
      if (options.leadingZeros && !eAdjacentToLeadingZeros) {
        return Number(trimmedStr);
      } else return str;
    } else {
      return Number(trimmedStr);
    }
  } else {
    return str;
  }
}
function trimZeros(numStr) {
  if (numStr && numStr.indexOf(".") !== -1) {
    let end = numStr.length;
    while (end > 0 && numStr.charCodeAt(end - 1) === 48) end--;
    numStr = numStr.slice(0, end);
    if (numStr === ".") numStr = "0";
    else if (numStr[0] === ".") numStr = "0" + numStr;
    else if (numStr[numStr.length - 1] === ".") numStr = numStr.substring(0, numStr.length - 1);
    return numStr;
  }
  return numStr;
}
function parse_int(numStr, base) {
  const str = numStr.trim();
  if (base === 2 || base === 8) numStr = str.substring(2);
  if (parseInt) return parseInt(numStr, base);
  else if (Number.parseInt) return Number.parseInt(numStr, base);
  else if (window && window.parseInt) return window.parseInt(numStr, base);
  else throw new Error("parseInt, Number.parseInt, window.parseInt are not supported");
}
function handleInfinity(str, num, options) {
  const isPositive = num === Infinity;
  switch (options.infinity.toLowerCase()) {
    case "null":
      return null;
    case "infinity":
      return num;
    // Return Infinity or -Infinity
    case "string":
      return isPositive ? "Infinity" : "-Infinity";
    case "original":
    default:
      return str;
  }
}

// node_modules/fast-xml-parser/src/ignoreAttributes.js
function getIgnoreAttributesFn(ignoreAttributes) {
  if (typeof ignoreAttributes === "function") {
    return ignoreAttributes;
  }
  if (Array.isArray(ignoreAttributes)) {
    return (attrName) => {
      for (const pattern of ignoreAttributes) {
        if (typeof pattern === "string" && attrName === pattern) {
          return true;
        }
        if (pattern instanceof RegExp && pattern.test(attrName)) {
          return true;
        }
      }
    };
  }
  return () => false;
}

// node_modules/path-expression-matcher/src/Expression.js
var Expression = class {
  /**
   * Create a new Expression
   * @param {string} pattern - Pattern string (e.g., "root.users.user", "..user[id]")
   * @param {Object} options - Configuration options
   * @param {string} options.separator - Path separator (default: '.')
   */
  constructor(pattern, options = {}, data) {
    this.pattern = pattern;
    this.separator = options.separator || ".";
    this.segments = this._parse(pattern);
    this.data = data;
    this._hasDeepWildcard = this.segments.some((seg) => seg.type === "deep-wildcard");
    this._hasAttributeCondition = this.segments.some((seg) => seg.attrName !== void 0);
    this._hasPositionSelector = this.segments.some((seg) => seg.position !== void 0);
  }
  /**
   * Parse pattern string into segments
   * @private
   * @param {string} pattern - Pattern to parse
   * @returns {Array} Array of segment objects
   */
  _parse(pattern) {
    const segments = [];
    let i = 0;
    let currentPart = "";
    while (i < pattern.length) {
      if (pattern[i] === this.separator) {
        if (i + 1 < pattern.length && pattern[i + 1] === this.separator) {
          if (currentPart.trim()) {
            segments.push(this._parseSegment(currentPart.trim()));
            currentPart = "";
          }
          segments.push({ type: "deep-wildcard" });
          i += 2;
        } else {
          if (currentPart.trim()) {
            segments.push(this._parseSegment(currentPart.trim()));
          }
          currentPart = "";
          i++;
        }
      } else {
        currentPart += pattern[i];
        i++;
      }
    }
    if (currentPart.trim()) {
      segments.push(this._parseSegment(currentPart.trim()));
    }
    return segments;
  }
  /**
   * Parse a single segment
   * @private
   * @param {string} part - Segment string (e.g., "user", "ns::user", "user[id]", "ns::user:first")
   * @returns {Object} Segment object
   */
  _parseSegment(part) {
    const segment = { type: "tag" };
    let bracketContent = null;
    let withoutBrackets = part;
    const bracketMatch = part.match(/^([^\[]+)(\[[^\]]*\])(.*)$/);
    if (bracketMatch) {
      withoutBrackets = bracketMatch[1] + bracketMatch[3];
      if (bracketMatch[2]) {
        const content = bracketMatch[2].slice(1, -1);
        if (content) {
          bracketContent = content;
        }
      }
    }
    let namespace = void 0;
    let tagAndPosition = withoutBrackets;
    if (withoutBrackets.includes("::")) {
      const nsIndex = withoutBrackets.indexOf("::");
      namespace = withoutBrackets.substring(0, nsIndex).trim();
      tagAndPosition = withoutBrackets.substring(nsIndex + 2).trim();
      if (!namespace) {
        throw new Error(`Invalid namespace in pattern: ${part}`);
      }
    }
    let tag = void 0;
    let positionMatch = null;
    if (tagAndPosition.includes(":")) {
      const colonIndex = tagAndPosition.lastIndexOf(":");
      const tagPart = tagAndPosition.substring(0, colonIndex).trim();
      const posPart = tagAndPosition.substring(colonIndex + 1).trim();
      const isPositionKeyword = ["first", "last", "odd", "even"].includes(posPart) || /^nth\(\d+\)$/.test(posPart);
      if (isPositionKeyword) {
        tag = tagPart;
        positionMatch = posPart;
      } else {
        tag = tagAndPosition;
      }
    } else {
      tag = tagAndPosition;
    }
    if (!tag) {
      throw new Error(`Invalid segment pattern: ${part}`);
    }
    segment.tag = tag;
    if (namespace) {
      segment.namespace = namespace;
    }
    if (bracketContent) {
      if (bracketContent.includes("=")) {
        const eqIndex = bracketContent.indexOf("=");
        segment.attrName = bracketContent.substring(0, eqIndex).trim();
        segment.attrValue = bracketContent.substring(eqIndex + 1).trim();
      } else {
        segment.attrName = bracketContent.trim();
      }
    }
    if (positionMatch) {
      const nthMatch = positionMatch.match(/^nth\((\d+)\)$/);
      if (nthMatch) {
        segment.position = "nth";
        segment.positionValue = parseInt(nthMatch[1], 10);
      } else {
        segment.position = positionMatch;
      }
    }
    return segment;
  }
  /**
   * Get the number of segments
   * @returns {number}
   */
  get length() {
    return this.segments.length;
  }
  /**
   * Check if expression contains deep wildcard
   * @returns {boolean}
   */
  hasDeepWildcard() {
    return this._hasDeepWildcard;
  }
  /**
   * Check if expression has attribute conditions
   * @returns {boolean}
   */
  hasAttributeCondition() {
    return this._hasAttributeCondition;
  }
  /**
   * Check if expression has position selectors
   * @returns {boolean}
   */
  hasPositionSelector() {
    return this._hasPositionSelector;
  }
  /**
   * Get string representation
   * @returns {string}
   */
  toString() {
    return this.pattern;
  }
};

// node_modules/path-expression-matcher/src/ExpressionSet.js
var ExpressionSet = class {
  constructor() {
    this._byDepthAndTag = /* @__PURE__ */ new Map();
    this._wildcardByDepth = /* @__PURE__ */ new Map();
    this._deepWildcards = [];
    this._deepByTerminalTag = /* @__PURE__ */ new Map();
    this._patterns = /* @__PURE__ */ new Set();
    this._sealed = false;
  }
  /**
   * Add an Expression to the set.
   * Duplicate patterns (same pattern string) are silently ignored.
   *
   * @param {import('./Expression.js').default} expression - A pre-constructed Expression instance
   * @returns {this} for chaining
   * @throws {TypeError} if called after seal()
   *
   * @example
   * set.add(new Expression('root.users.user'));
   * set.add(new Expression('..script'));
   */
  add(expression) {
    if (this._sealed) {
      throw new TypeError(
        "ExpressionSet is sealed. Create a new ExpressionSet to add more expressions."
      );
    }
    if (this._patterns.has(expression.pattern)) return this;
    this._patterns.add(expression.pattern);
    if (expression.hasDeepWildcard()) {
      const lastSeg2 = expression.segments[expression.segments.length - 1];
      if (lastSeg2 && lastSeg2.type !== "deep-wildcard" && lastSeg2.tag !== "*") {
        const tag2 = lastSeg2.tag;
        if (!this._deepByTerminalTag.has(tag2)) this._deepByTerminalTag.set(tag2, []);
        this._deepByTerminalTag.get(tag2).push(expression);
      } else {
        this._deepWildcards.push(expression);
      }
      return this;
    }
    const depth = expression.length;
    const lastSeg = expression.segments[expression.segments.length - 1];
    const tag = lastSeg?.tag;
    if (!tag || tag === "*") {
      if (!this._wildcardByDepth.has(depth)) this._wildcardByDepth.set(depth, []);
      this._wildcardByDepth.get(depth).push(expression);
    } else {
      const key = `${depth}:${tag}`;
      if (!this._byDepthAndTag.has(key)) this._byDepthAndTag.set(key, []);
      this._byDepthAndTag.get(key).push(expression);
    }
    return this;
  }
  /**
   * Add multiple expressions at once.
   *
   * @param {import('./Expression.js').default[]} expressions - Array of Expression instances
   * @returns {this} for chaining
   *
   * @example
   * set.addAll([
   *   new Expression('root.users.user'),
   *   new Expression('root.config.setting'),
   * ]);
   */
  addAll(expressions) {
    for (const expr of expressions) this.add(expr);
    return this;
  }
  /**
   * Check whether a pattern string is already present in the set.
   *
   * @param {import('./Expression.js').default} expression
   * @returns {boolean}
   */
  has(expression) {
    return this._patterns.has(expression.pattern);
  }
  /**
   * Number of expressions in the set.
   * @type {number}
   */
  get size() {
    return this._patterns.size;
  }
  /**
   * Seal the set against further modifications.
   * Useful to prevent accidental mutations after config is built.
   * Calling add() or addAll() on a sealed set throws a TypeError.
   *
   * @returns {this}
   */
  seal() {
    this._sealed = true;
    return this;
  }
  /**
   * Whether the set has been sealed.
   * @type {boolean}
   */
  get isSealed() {
    return this._sealed;
  }
  /**
   * Test whether the matcher's current path matches any expression in the set.
   *
   * Evaluation order (cheapest → most expensive):
   *  1. Exact depth + tag bucket  — O(1) lookup, typically 0–2 expressions
   *  2. Depth-only wildcard bucket — O(1) lookup, rare
   *  3. Deep-wildcard list         — always checked, but usually small
   *
   * @param {import('./Matcher.js').default} matcher - Matcher instance (or readOnly view)
   * @returns {boolean} true if any expression matches the current path
   *
   * @example
   * if (stopNodes.matchesAny(matcher)) {
   *   // handle stop node
   * }
   */
  matchesAny(matcher) {
    return this.findMatch(matcher) !== null;
  }
  /**
  * Find and return the first Expression that matches the matcher's current path.
  *
  * Uses the same evaluation order as matchesAny (cheapest → most expensive):
  *  1. Exact depth + tag bucket
  *  2. Depth-only wildcard bucket
  *  3. Deep-wildcard list
  *
  * @param {import('./Matcher.js').default} matcher - Matcher instance (or readOnly view)
  * @returns {import('./Expression.js').default | null} the first matching Expression, or null
  *
  * @example
  * const expr = stopNodes.findMatch(matcher);
  * if (expr) {
  *   // access expr.config, expr.pattern, etc.
  * }
  */
  findMatch(matcher) {
    const depth = matcher.getDepth();
    const tag = matcher.getCurrentTag();
    const exactKey = `${depth}:${tag}`;
    const exactBucket = this._byDepthAndTag.get(exactKey);
    if (exactBucket) {
      for (let i = 0; i < exactBucket.length; i++) {
        if (matcher.matches(exactBucket[i])) return exactBucket[i];
      }
    }
    const wildcardBucket = this._wildcardByDepth.get(depth);
    if (wildcardBucket) {
      for (let i = 0; i < wildcardBucket.length; i++) {
        if (matcher.matches(wildcardBucket[i])) return wildcardBucket[i];
      }
    }
    const deepBucket = this._deepByTerminalTag.get(tag);
    if (deepBucket) {
      for (let i = 0; i < deepBucket.length; i++) {
        if (matcher.matches(deepBucket[i])) return deepBucket[i];
      }
    }
    for (let i = 0; i < this._deepWildcards.length; i++) {
      if (matcher.matches(this._deepWildcards[i])) return this._deepWildcards[i];
    }
    return null;
  }
};

// node_modules/path-expression-matcher/src/Matcher.js
var MatcherView = class {
  /**
   * @param {Matcher} matcher - The parent Matcher instance to read from.
   */
  constructor(matcher) {
    this._matcher = matcher;
  }
  /**
   * Get the path separator used by the parent matcher.
   * @returns {string}
   */
  get separator() {
    return this._matcher.separator;
  }
  /**
   * Get current tag name.
   * @returns {string|undefined}
   */
  getCurrentTag() {
    const path22 = this._matcher.path;
    return path22.length > 0 ? path22[path22.length - 1].tag : void 0;
  }
  /**
   * Get current namespace.
   * @returns {string|undefined}
   */
  getCurrentNamespace() {
    const path22 = this._matcher.path;
    return path22.length > 0 ? path22[path22.length - 1].namespace : void 0;
  }
  /**
   * Get current node's attribute value.
   * @param {string} attrName
   * @returns {*}
   */
  getAttrValue(attrName) {
    const path22 = this._matcher.path;
    if (path22.length === 0) return void 0;
    return path22[path22.length - 1].values?.[attrName];
  }
  /**
   * Check if current node has an attribute.
   * @param {string} attrName
   * @returns {boolean}
   */
  hasAttr(attrName) {
    const path22 = this._matcher.path;
    if (path22.length === 0) return false;
    const current = path22[path22.length - 1];
    return current.values !== void 0 && attrName in current.values;
  }
  /**
   * Get the value of a "kept" attribute from the nearest ancestor (or
   * current node) that declared it via `push(tag, attrs, ns, { keep: [...] })`.
   * @param {string} attrName
   * @returns {*}
   */
  getAnyParentAttr(attrName) {
    return this._matcher.getAnyParentAttr(attrName);
  }
  /**
   * Check whether any ancestor (or the current node) kept the given
   * attribute via `push(tag, attrs, ns, { keep: [...] })`.
   * @param {string} attrName
   * @returns {boolean}
   */
  hasAnyParentAttr(attrName) {
    return this._matcher.hasAnyParentAttr(attrName);
  }
  /**
   * Get current node's sibling position (child index in parent).
   * @returns {number}
   */
  getPosition() {
    const path22 = this._matcher.path;
    if (path22.length === 0) return -1;
    return path22[path22.length - 1].position ?? 0;
  }
  /**
   * Get current node's repeat counter (occurrence count of this tag name).
   * @returns {number}
   */
  getCounter() {
    const path22 = this._matcher.path;
    if (path22.length === 0) return -1;
    return path22[path22.length - 1].counter ?? 0;
  }
  /**
   * Get current node's sibling index (alias for getPosition).
   * @returns {number}
   * @deprecated Use getPosition() or getCounter() instead
   */
  getIndex() {
    return this.getPosition();
  }
  /**
   * Get current path depth.
   * @returns {number}
   */
  getDepth() {
    return this._matcher.path.length;
  }
  /**
   * Get path as string.
   * @param {string} [separator] - Optional separator (uses default if not provided)
   * @param {boolean} [includeNamespace=true]
   * @returns {string}
   */
  toString(separator, includeNamespace = true) {
    return this._matcher.toString(separator, includeNamespace);
  }
  /**
   * Get path as array of tag names.
   * @returns {string[]}
   */
  toArray() {
    return this._matcher.path.map((n) => n.tag);
  }
  /**
   * Match current path against an Expression.
   * @param {Expression} expression
   * @returns {boolean}
   */
  matches(expression) {
    return this._matcher.matches(expression);
  }
  /**
   * Match any expression in the given set against the current path.
   * @param {ExpressionSet} exprSet
   * @returns {boolean}
   */
  matchesAny(exprSet) {
    return exprSet.matchesAny(this._matcher);
  }
};
var Matcher = class {
  /**
   * Create a new Matcher.
   * @param {Object} [options={}]
   * @param {string} [options.separator='.'] - Default path separator
   */
  constructor(options = {}) {
    this.separator = options.separator || ".";
    this.path = [];
    this.siblingStacks = [];
    this._pathStringCache = null;
    this._view = new MatcherView(this);
    this._keptAttrs = [];
  }
  /**
   * Push a new tag onto the path.
   * @param {string} tagName
   * @param {Object|null} [attrValues=null]
   * @param {string|null} [namespace=null]
   * @param {Object|null} [options=null]
   * @param {string[]} [options.keep] - Names of attributes (from attrValues)
   */
  push(tagName, attrValues = null, namespace = null, options = null) {
    this._pathStringCache = null;
    if (this.path.length > 0) {
      this.path[this.path.length - 1].values = void 0;
    }
    const currentLevel = this.path.length;
    let level = this.siblingStacks[currentLevel];
    if (!level) {
      level = { counts: /* @__PURE__ */ new Map(), total: 0 };
      this.siblingStacks[currentLevel] = level;
    }
    const siblingKey = namespace ? `${namespace}:${tagName}` : tagName;
    const counter = level.counts.get(siblingKey) || 0;
    const position = level.total;
    level.counts.set(siblingKey, counter + 1);
    level.total++;
    const node = {
      tag: tagName,
      position,
      counter
    };
    if (namespace !== null && namespace !== void 0) {
      node.namespace = namespace;
    }
    if (attrValues !== null && attrValues !== void 0) {
      node.values = attrValues;
    }
    this.path.push(node);
    const depth = this.path.length;
    const keep = options !== null ? options.keep : null;
    if (keep !== null && keep !== void 0 && keep.length > 0 && attrValues) {
      for (let i = 0; i < keep.length; i++) {
        const name = keep[i];
        if (attrValues[name] !== void 0) {
          this._keptAttrs.push({ depth, name, value: attrValues[name] });
        }
      }
    }
  }
  /**
   * Pop the last tag from the path.
   * @returns {Object|undefined} The popped node
   */
  pop() {
    if (this.path.length === 0) return void 0;
    this._pathStringCache = null;
    const node = this.path.pop();
    if (this.siblingStacks.length > this.path.length + 1) {
      this.siblingStacks.length = this.path.length + 1;
    }
    const poppedDepth = this.path.length + 1;
    while (this._keptAttrs.length > 0 && this._keptAttrs[this._keptAttrs.length - 1].depth >= poppedDepth) {
      this._keptAttrs.pop();
    }
    return node;
  }
  /**
   * Update current node's attribute values.
   * Useful when attributes are parsed after push.
   * @param {Object} attrValues
   */
  updateCurrent(attrValues) {
    if (this.path.length > 0) {
      const current = this.path[this.path.length - 1];
      if (attrValues !== null && attrValues !== void 0) {
        current.values = attrValues;
      }
    }
  }
  /**
   * Get current tag name.
   * @returns {string|undefined}
   */
  getCurrentTag() {
    return this.path.length > 0 ? this.path[this.path.length - 1].tag : void 0;
  }
  /**
   * Get current namespace.
   * @returns {string|undefined}
   */
  getCurrentNamespace() {
    return this.path.length > 0 ? this.path[this.path.length - 1].namespace : void 0;
  }
  /**
   * Get current node's attribute value.
   * @param {string} attrName
   * @returns {*}
   */
  getAttrValue(attrName) {
    if (this.path.length === 0) return void 0;
    return this.path[this.path.length - 1].values?.[attrName];
  }
  /**
   * Check if current node has an attribute.
   * @param {string} attrName
   * @returns {boolean}
   */
  hasAttr(attrName) {
    if (this.path.length === 0) return false;
    const current = this.path[this.path.length - 1];
    return current.values !== void 0 && attrName in current.values;
  }
  /**
   * Get the value of a "kept" attribute from the nearest ancestor (or
   * current node) that declared it via `push(tag, attrs, ns, { keep: [...] })`.
   * Unlike getAttrValue(), this works regardless of how deep the path has
   * gone since the attribute was pushed — but only for attribute names that
   * were explicitly marked with `keep` at push time. Cost is proportional to
   * the number of currently-kept attributes (typically 0-3), not path depth.
   * @param {string} attrName
   * @returns {*} the value, or undefined if no ancestor kept this attribute
   */
  getAnyParentAttr(attrName) {
    const kept = this._keptAttrs;
    for (let i = kept.length - 1; i >= 0; i--) {
      if (kept[i].name === attrName) return kept[i].value;
    }
    return void 0;
  }
  /**
   * Check whether any ancestor (or the current node) kept the given
   * attribute via `push(tag, attrs, ns, { keep: [...] })`.
   * @param {string} attrName
   * @returns {boolean}
   */
  hasAnyParentAttr(attrName) {
    const kept = this._keptAttrs;
    for (let i = kept.length - 1; i >= 0; i--) {
      if (kept[i].name === attrName) return true;
    }
    return false;
  }
  /**
   * Get current node's sibling position (child index in parent).
   * @returns {number}
   */
  getPosition() {
    if (this.path.length === 0) return -1;
    return this.path[this.path.length - 1].position ?? 0;
  }
  /**
   * Get current node's repeat counter (occurrence count of this tag name).
   * @returns {number}
   */
  getCounter() {
    if (this.path.length === 0) return -1;
    return this.path[this.path.length - 1].counter ?? 0;
  }
  /**
   * Get current node's sibling index (alias for getPosition).
   * @returns {number}
   * @deprecated Use getPosition() or getCounter() instead
   */
  getIndex() {
    return this.getPosition();
  }
  /**
   * Get current path depth.
   * @returns {number}
   */
  getDepth() {
    return this.path.length;
  }
  /**
   * Get path as string.
   * @param {string} [separator] - Optional separator (uses default if not provided)
   * @param {boolean} [includeNamespace=true]
   * @returns {string}
   */
  toString(separator, includeNamespace = true) {
    const sep2 = separator || this.separator;
    const isDefault = sep2 === this.separator && includeNamespace === true;
    if (isDefault) {
      if (this._pathStringCache !== null) {
        return this._pathStringCache;
      }
      const result = this.path.map(
        (n) => n.namespace ? `${n.namespace}:${n.tag}` : n.tag
      ).join(sep2);
      this._pathStringCache = result;
      return result;
    }
    return this.path.map(
      (n) => includeNamespace && n.namespace ? `${n.namespace}:${n.tag}` : n.tag
    ).join(sep2);
  }
  /**
   * Get path as array of tag names.
   * @returns {string[]}
   */
  toArray() {
    return this.path.map((n) => n.tag);
  }
  /**
   * Reset the path to empty.
   */
  reset() {
    this._pathStringCache = null;
    this.path = [];
    this.siblingStacks = [];
    this._keptAttrs = [];
  }
  /**
   * Match current path against an Expression.
   * @param {Expression} expression
   * @returns {boolean}
   */
  matches(expression) {
    const segments = expression.segments;
    if (segments.length === 0) {
      return false;
    }
    if (expression.hasDeepWildcard()) {
      return this._matchWithDeepWildcard(segments);
    }
    return this._matchSimple(segments);
  }
  /**
   * @private
   */
  _matchSimple(segments) {
    if (this.path.length !== segments.length) {
      return false;
    }
    for (let i = 0; i < segments.length; i++) {
      if (!this._matchSegment(segments[i], this.path[i], i === this.path.length - 1)) {
        return false;
      }
    }
    return true;
  }
  /**
   * @private
   */
  _matchWithDeepWildcard(segments) {
    let pathIdx = this.path.length - 1;
    let segIdx = segments.length - 1;
    while (segIdx >= 0 && pathIdx >= 0) {
      const segment = segments[segIdx];
      if (segment.type === "deep-wildcard") {
        segIdx--;
        if (segIdx < 0) {
          return true;
        }
        const nextSeg = segments[segIdx];
        let found = false;
        for (let i = pathIdx; i >= 0; i--) {
          if (this._matchSegment(nextSeg, this.path[i], i === this.path.length - 1)) {
            pathIdx = i - 1;
            segIdx--;
            found = true;
            break;
          }
        }
        if (!found) {
          return false;
        }
      } else {
        if (!this._matchSegment(segment, this.path[pathIdx], pathIdx === this.path.length - 1)) {
          return false;
        }
        pathIdx--;
        segIdx--;
      }
    }
    return segIdx < 0;
  }
  /**
   * @private
   */
  _matchSegment(segment, node, isCurrentNode) {
    if (segment.tag !== "*" && segment.tag !== node.tag) {
      return false;
    }
    if (segment.namespace !== void 0) {
      if (segment.namespace !== "*" && segment.namespace !== node.namespace) {
        return false;
      }
    }
    if (segment.attrName !== void 0) {
      if (!isCurrentNode) {
        return false;
      }
      if (!node.values || !(segment.attrName in node.values)) {
        return false;
      }
      if (segment.attrValue !== void 0) {
        if (String(node.values[segment.attrName]) !== String(segment.attrValue)) {
          return false;
        }
      }
    }
    if (segment.position !== void 0) {
      if (!isCurrentNode) {
        return false;
      }
      const counter = node.counter ?? 0;
      if (segment.position === "first" && counter !== 0) {
        return false;
      } else if (segment.position === "odd" && counter % 2 !== 1) {
        return false;
      } else if (segment.position === "even" && counter % 2 !== 0) {
        return false;
      } else if (segment.position === "nth" && counter !== segment.positionValue) {
        return false;
      }
    }
    return true;
  }
  /**
   * Match any expression in the given set against the current path.
   * @param {ExpressionSet} exprSet
   * @returns {boolean}
   */
  matchesAny(exprSet) {
    return exprSet.matchesAny(this);
  }
  /**
   * Create a snapshot of current state.
   * @returns {Object}
   */
  snapshot() {
    return {
      path: this.path.map((node) => ({ ...node })),
      siblingStacks: this.siblingStacks.map((level) => level ? { counts: new Map(level.counts), total: level.total } : level),
      keptAttrs: this._keptAttrs.map((entry) => ({ ...entry }))
    };
  }
  /**
   * Restore state from snapshot.
   * @param {Object} snapshot
   */
  restore(snapshot) {
    this._pathStringCache = null;
    this.path = snapshot.path.map((node) => ({ ...node }));
    this.siblingStacks = snapshot.siblingStacks.map((level) => level ? { counts: new Map(level.counts), total: level.total } : level);
    this._keptAttrs = (snapshot.keptAttrs || []).map((entry) => ({ ...entry }));
  }
  /**
   * Return the read-only {@link MatcherView} for this matcher.
   *
   * The same instance is returned on every call — no allocation occurs.
   * It always reflects the current parser state and is safe to pass to
   * user callbacks without risk of accidental mutation.
   *
   * @returns {MatcherView}
   *
   * @example
   * const view = matcher.readOnly();
   * // pass view to callbacks — it stays in sync automatically
   * view.matches(expr);       // ✓
   * view.getCurrentTag();     // ✓
   * // view.push(...)         // ✗ method does not exist — caught by TypeScript
   */
  readOnly() {
    return this._view;
  }
};

// node_modules/is-unsafe/src/contexts/html.js
var HTML_PATTERNS = [
  {
    id: "html-script-open",
    description: "<script opening tag",
    pattern: /<script[\s>/]/i
  },
  {
    id: "html-script-close",
    description: "</script closing tag",
    pattern: /<\/script[\s>]/i
  },
  {
    id: "html-javascript-protocol",
    description: "javascript: URI scheme (with optional whitespace/encoding)",
    // Handles j&#x61;vascript:, j\u0061vascript:, and whitespace variants
    pattern: /j[\t\n\r ]*a[\t\n\r ]*v[\t\n\r ]*a[\t\n\r ]*s[\t\n\r ]*c[\t\n\r ]*r[\t\n\r ]*i[\t\n\r ]*p[\t\n\r ]*t[\t\n\r ]*:/i
  },
  {
    id: "html-vbscript-protocol",
    description: "vbscript: URI scheme",
    pattern: /vbscript[\t\n\r ]*:/i
  },
  {
    id: "html-data-html",
    description: "data:text/html URI \u2014 can execute scripts in browsers",
    pattern: /data[\t\n\r ]*:[\t\n\r ]*text\/html/i
  },
  {
    id: "html-data-xhtml",
    description: "data:application/xhtml+xml URI",
    pattern: /data[\t\n\r ]*:[\t\n\r ]*application\/xhtml/i
  },
  {
    id: "html-data-svg",
    description: "data:image/svg+xml URI \u2014 can execute scripts",
    pattern: /data[\t\n\r ]*:[\t\n\r ]*image\/svg\+xml/i
  },
  {
    id: "html-inline-event-handler",
    description: "Inline event handler attributes: onclick=, onerror=, onload=, etc.",
    // \bon ensures we match a word boundary so "phonetic=" is not caught
    pattern: /\bon\w{1,30}\s*=/i
  },
  {
    id: "html-entity-obfuscated-script",
    description: "HTML-entity-encoded <script (e.g. &#x3C;script or &lt;script)",
    // Entities include optional trailing semicolon: &#x3C; or &#x3C (both valid in HTML5)
    pattern: /(?:&#x0*3[Cc];?|&#0*60;?|&lt;)\s*script/i
  },
  {
    id: "html-entity-obfuscated-javascript",
    description: 'HTML-entity-encoded javascript: (partial \u2014 catches common &#106; or &#x6a; for "j")',
    pattern: /(?:&#x0*6[Aa];?|&#0*106;?)\s*(?:&#x0*61;?|a)[\s\S]{0,80}script\s*:/i
  },
  {
    id: "html-style-expression",
    description: "CSS expression() \u2014 IE-era code execution in style attributes",
    pattern: /style[\s\S]{0,20}expression\s*\(/i
  },
  {
    id: "html-object-embed",
    description: "<object or <embed tags that can load active content",
    pattern: /<(?:object|embed)[\s>/]/i
  },
  {
    id: "html-base-tag",
    description: "<base href= \u2014 can hijack all relative URLs on a page",
    pattern: /<base[\s>]/i
  },
  {
    id: "html-meta-refresh",
    description: '<meta http-equiv="refresh" \u2014 can redirect users',
    pattern: /<meta[\s\S]{0,40}http-equiv[\s\S]{0,20}refresh/i
  },
  {
    id: "html-srcdoc",
    description: "srcdoc= attribute on iframes \u2014 embeds HTML that can run scripts",
    pattern: /srcdoc\s*=/i
  },
  {
    id: "html-iframe",
    description: "<iframe tag",
    pattern: /<iframe[\s>/]/i
  },
  {
    id: "html-form",
    description: "<form tag \u2014 can be used for phishing / credential harvesting injection",
    pattern: /<form[\s>/]/i
  }
];
var html_default = HTML_PATTERNS;

// node_modules/is-unsafe/src/contexts/xml.js
var XML_PATTERNS = [
  {
    id: "xml-cdata-injection",
    description: "CDATA section injection: <![CDATA[ breaks out of text node context",
    pattern: /<!\[CDATA\[/i
  },
  {
    id: "xml-cdata-close",
    description: "CDATA close sequence: ]]> can terminate an enclosing CDATA section",
    pattern: /\]\]>/
  },
  {
    id: "xml-processing-instruction",
    description: "XML processing instruction: <?xml-stylesheet or <?php etc.",
    pattern: /<\?(?:xml[\- ]|php|asp)/i
  },
  {
    id: "xml-doctype-injection",
    description: "DOCTYPE declaration embedded in content \u2014 can define entities",
    // Match <!DOCTYPE followed by end-of-string, whitespace, or [ (internal subset)
    pattern: /<!DOCTYPE(?:[\s[]|$)/i
  },
  {
    id: "xml-entity-system",
    description: "SYSTEM keyword \u2014 used in external entity declarations (XXE)",
    pattern: /\bSYSTEM\s+["']/i
  },
  {
    id: "xml-entity-public",
    description: "PUBLIC keyword \u2014 used in external entity declarations (XXE)",
    pattern: /\bPUBLIC\s+["']/i
  },
  {
    id: "xml-entity-declaration",
    description: "<!ENTITY declaration \u2014 defines entities, potential XXE or entity expansion",
    pattern: /<!ENTITY[\s%]/i
  },
  {
    id: "xml-billion-laughs",
    description: "Entity reference chaining / billion laughs: repeated &eX; style references",
    // Heuristic: 3+ consecutive entity refs suggests expansion attack
    pattern: /(?:&\w{1,20};){3,}/
  },
  {
    id: "xml-namespace-confusion",
    description: "xmlns: attribute injection \u2014 can redefine namespaces to confuse parsers",
    // pattern: /\bxmlns\s*(?::\w{1,40})?\s*=/i,
    pattern: /\bxmlns(?::\w{1,40})?\s*=/i
  },
  {
    id: "xml-comment-injection",
    description: "<!-- comment injection \u2014 can hide content from some parsers",
    pattern: /<!--/
  },
  {
    id: "xml-comment-close",
    description: "--> closes an enclosing XML comment",
    pattern: /-->/
  },
  {
    id: "xml-pi-close",
    description: "?> closes an enclosing processing instruction",
    pattern: /\?>/
  }
];
var xml_default = XML_PATTERNS;

// node_modules/is-unsafe/src/contexts/svg.js
var SVG_PATTERNS = [
  {
    id: "svg-script-element",
    description: "<script element inside SVG executes JavaScript",
    pattern: /<script[\s>/]/i
  },
  {
    id: "svg-xlink-href-javascript",
    description: "xlink:href with javascript: \u2014 classic SVG XSS via <a> or <use>",
    pattern: /xlink\s*:\s*href\s*=\s*["']?\s*javascript\s*:/i
  },
  {
    id: "svg-href-javascript",
    description: "href= with javascript: in SVG context (<a>, <animate>, etc.)",
    pattern: /href\s*=\s*["']?\s*javascript\s*:/i
  },
  {
    id: "svg-foreignobject",
    description: "<foreignObject embeds HTML inside SVG \u2014 can execute scripts",
    pattern: /<foreignObject[\s>/]/i
  },
  {
    id: "svg-use-external",
    description: "<use xlink:href or href pointing to external resource (non-fragment URL)",
    // Match <use with href= where the value starts with a non-# character (external URL)
    // [\"'][^#] catches quoted values not starting with #; [^\"'#\s>] catches unquoted
    pattern: /<use[\s\S]{0,60}(?:xlink\s*:\s*)?href\s*=\s*(?:["'][^#]|[^"'#\s>])/i
  },
  {
    id: "svg-animate-href",
    description: '<animate attributeName="href" \u2014 can dynamically change href to javascript:',
    pattern: /<animate[\s\S]{0,80}attributeName\s*=\s*["'][\s]*href["']/i
  },
  {
    id: "svg-animate-xlinkhref",
    description: '<animate attributeName="xlink:href"',
    pattern: /<animate[\s\S]{0,80}attributeName\s*=\s*["'][\s]*xlink\s*:\s*href["']/i
  },
  {
    id: "svg-set-javascript",
    description: '<set to="javascript:..." \u2014 sets an attribute to a javascript: URI',
    pattern: /<set[\s\S]{0,80}to\s*=\s*["']?\s*javascript\s*:/i
  },
  {
    id: "svg-event-handler",
    description: "SVG-specific event handler attributes: onload=, onerror=, onactivate=, etc.",
    pattern: /\bon(?:load|error|activate|begin|end|repeat|focus|blur|click|mouse\w{1,20}|key\w{1,20})\s*=/i
  },
  {
    id: "svg-handler-generic",
    description: "Generic on* handler catch-all for SVG attributes",
    pattern: /\bon\w{1,30}\s*=/i
  },
  {
    id: "svg-filter-feimage",
    description: "<feImage href= \u2014 filter primitive that can load external resources",
    pattern: /<feImage[\s\S]{0,80}(?:xlink\s*:\s*)?href\s*=/i
  },
  {
    id: "svg-image-external",
    description: "<image xlink:href with http/https or javascript protocol",
    pattern: /<image[\s\S]{0,80}(?:xlink\s*:\s*)?href\s*=\s*["']?\s*(?:https?|javascript)\s*:/i
  },
  {
    id: "svg-style-javascript",
    description: "style= attribute containing javascript: (e.g. background:url(javascript:...))",
    pattern: /style\s*=[\s\S]{0,60}javascript\s*:/i
  }
];
var svg_default = SVG_PATTERNS;

// node_modules/is-unsafe/src/contexts/sql.js
var SQL_PATTERNS = [
  {
    id: "sql-block-comment-open",
    description: "SQL block comment open: /* ... */ \u2014 unusual in legitimate user text",
    pattern: /\/\*/
  },
  {
    id: "sql-union-select",
    description: "UNION SELECT \u2014 most common SQL injection aggregation attack",
    pattern: /\bUNION\s{1,20}(?:ALL\s{1,20})?SELECT\b/i
  },
  {
    id: "sql-drop-table",
    description: "DROP TABLE \u2014 destructive DDL injection",
    pattern: /\bDROP\s{1,20}TABLE\b/i
  },
  {
    id: "sql-drop-database",
    description: "DROP DATABASE \u2014 destructive DDL injection",
    pattern: /\bDROP\s{1,20}DATABASE\b/i
  },
  {
    id: "sql-insert-into",
    description: "INSERT INTO \u2014 data injection",
    pattern: /\bINSERT\s{1,20}INTO\b/i
  },
  {
    id: "sql-delete-from",
    description: "DELETE FROM \u2014 data deletion injection",
    pattern: /\bDELETE\s{1,20}FROM\b/i
  },
  {
    id: "sql-update-set",
    description: "UPDATE ... SET \u2014 data modification injection",
    // Allows arbitrary content between UPDATE and SET (table name, alias, etc.)
    pattern: /\bUPDATE\b[\s\S]{1,60}\bSET\b/i
  },
  {
    id: "sql-exec-xp",
    description: "EXEC xp_ \u2014 MSSQL extended stored procedure execution",
    pattern: /\bEXEC(?:UTE)?\s{1,20}xp_/i
  },
  {
    id: "sql-tautology-string",
    description: `Classic string tautology: ' OR '1'='1 or " OR "1"="1"`,
    // Last quote is optional — injection may truncate it: ' OR '1'='1--
    pattern: /'\s{0,10}OR\s{0,10}'[^']{0,20}'\s*=\s*'[^']{0,20}/i
  },
  {
    id: "sql-tautology-numeric",
    description: "Numeric tautology: OR 1=1",
    pattern: /\bOR\s{1,10}1\s*=\s*1\b/i
  },
  {
    id: "sql-always-true-zero",
    description: "Numeric tautology: OR 0=0",
    pattern: /\bOR\s{1,10}0\s*=\s*0\b/i
  },
  {
    id: "sql-sleep-benchmark",
    description: "Time-based blind injection: SLEEP() or BENCHMARK()",
    pattern: /\b(?:SLEEP|BENCHMARK)\s*\(/i
  },
  {
    id: "sql-waitfor-delay",
    description: "MSSQL time-based blind injection: WAITFOR DELAY",
    pattern: /\bWAITFOR\s{1,20}DELAY\b/i
  },
  {
    id: "sql-char-function",
    description: "CHAR() function \u2014 used to obfuscate injected strings",
    pattern: /\bCHAR\s*\(\s*\d{1,3}/i
  },
  {
    id: "sql-information-schema",
    description: "INFORMATION_SCHEMA \u2014 reconnaissance query for table/column enumeration",
    pattern: /\bINFORMATION_SCHEMA\b/i
  }
];
var sql_default = SQL_PATTERNS;

// node_modules/is-unsafe/src/contexts/shell.js
var SHELL_PATTERNS = [
  {
    id: "shell-path-traversal-unix",
    description: "Unix path traversal: ../  \u2014 climbing the directory tree",
    pattern: /\.\.\//
  },
  {
    id: "shell-path-traversal-windows",
    description: "Windows path traversal: ..\\ \u2014 climbing the directory tree",
    pattern: /\.\.\\/
  },
  {
    id: "shell-path-traversal-encoded",
    description: "URL-encoded path traversal: %2e%2e or %2f variants",
    pattern: /%2e%2e|%2f\.\.|\.\.%2f/i
  },
  {
    id: "shell-null-byte",
    description: "Null byte injection: \\x00 or %00 \u2014 truncates strings in C-backed functions",
    pattern: /\x00|%00/
  },
  {
    id: "shell-semicolon",
    description: "Semicolon command separator: cmd1; cmd2",
    pattern: /;/
  },
  {
    id: "shell-pipe",
    description: "Pipe operator: cmd1 | cmd2",
    pattern: /\|/
  },
  {
    id: "shell-and-operator",
    description: "AND operator: cmd1 && cmd2",
    pattern: /&&/
  },
  {
    id: "shell-or-operator",
    description: "OR operator: cmd1 || cmd2",
    pattern: /\|\|/
  },
  {
    id: "shell-backtick",
    description: "Backtick command substitution: `cmd`",
    pattern: /`/
  },
  {
    id: "shell-dollar-paren",
    description: "Dollar-paren command substitution: $(cmd)",
    pattern: /\$\(/
  },
  {
    id: "shell-dollar-brace",
    description: "Dollar-brace variable expansion: ${var} \u2014 can be abused for injection",
    pattern: /\$\{/
  },
  {
    id: "shell-redirect-out",
    description: "Output redirection: cmd > file or cmd >> file",
    pattern: />{1,2}/
  },
  {
    id: "shell-redirect-in",
    description: "Input redirection: cmd < file",
    pattern: /</
  },
  {
    id: "shell-newline-injection",
    description: "Newline injection: \\n or \\r \u2014 can inject new shell commands",
    pattern: /[\n\r]/
  },
  {
    id: "shell-glob-star",
    description: "Glob expansion: * or ? \u2014 can expand to unintended files",
    // Only flag when combined with path separators to reduce false positives
    pattern: /[/\\][*?]/
  },
  {
    id: "shell-absolute-root",
    description: "Absolute root path injection: string starting with / or \\ (Windows UNC)",
    pattern: /^(?:\/|\\\\)/
  },
  {
    id: "shell-windows-drive",
    description: "Windows drive letter path injection: C:\\ or D:/",
    pattern: /^[a-zA-Z]:[/\\]/
  },
  {
    id: "shell-curl-wget",
    description: "curl/wget with URL or flags \u2014 can exfiltrate data or download payloads",
    // Require a URL scheme (http/https/ftp) or a flag (-) to reduce false positives
    // "curl is a tool" won't match; "curl http://..." or "curl -s ..." will
    pattern: /\b(?:curl|wget)\s+(?:https?:\/\/|ftp:\/\/|-)/i
  }
];
var shell_default = SHELL_PATTERNS;

// node_modules/is-unsafe/src/contexts/redos.js
var REDOS_PATTERNS = [
  {
    id: "redos-nested-quantifier-plus",
    description: "Nested + quantifier inside a group with outer quantifier: (a+)+, (.+b)*, etc.",
    // Matches any group containing a + quantifier, with an outer * or + — catches (a+)+, (.+b)*, etc.
    pattern: /\([^)]*\+[^)]*\)[+*]/
  },
  {
    id: "redos-nested-quantifier-star",
    description: "Nested * quantifier: (a*)* or (a*)+ \u2014 catastrophic backtracking",
    pattern: /\([^)]*\*[^)]*\)[*+]/
  },
  {
    id: "redos-nested-groups",
    description: "Doubly nested quantified groups: ((a+)+) \u2014 guaranteed catastrophic",
    pattern: /\(\([^)]{0,40}\)[+*]\)[+*]/
  },
  {
    id: "redos-alternation-overlap",
    description: "Overlapping alternation under quantifier: (a|a)+ \u2014 ambiguous NFA paths",
    // Detect repeated identical alternatives under a quantifier
    pattern: /\(([^|()]{1,20})\|(?:\1)(?:\|[^|()]{1,20}){0,5}\)[+*?]{1,2}/
  },
  {
    id: "redos-star-plus-concat",
    description: "(x*x)+ pattern \u2014 triggers super-linear backtracking",
    pattern: /\([^)]{0,10}\*[^)]{0,10}\)[+*]/
  },
  {
    id: "redos-dot-star-greedy",
    description: "(.*){n,} or (.+){n,} \u2014 repeated greedy dot quantifiers",
    pattern: /\(\.[*+]\)\{?\d/
  },
  {
    id: "redos-large-repetition",
    description: "Very large fixed or range repetition count {1000,} or {1000,n} \u2014 denial of service via backtracking",
    // Matches { followed by 4+ digits (≥1000), then optional ,digits }
    pattern: /\{\d{4,}(?:,\d*)?\}/
  },
  {
    id: "redos-catastrophic-alternation",
    description: "Long alternation with many similar branches \u2014 polynomial backtracking risk",
    // Heuristic: 10+ pipe-separated alternatives in a single group
    pattern: /\([^)]{0,200}(?:\|[^|)]{0,50}){9,}\)/
  }
];
var redos_default = REDOS_PATTERNS;

// node_modules/is-unsafe/src/contexts/nosql.js
var sep = `["'\\s]*:`;
var NOSQL_PATTERNS = [
  // ─── MongoDB $ operator injection ────────────────────────────────────────
  {
    id: "nosql-where-operator",
    description: "$where \u2014 executes arbitrary JavaScript server-side in MongoDB",
    pattern: new RegExp(`\\$where${sep}`, "i")
  },
  {
    id: "nosql-ne-operator",
    description: '$ne \u2014 "not equal" operator used to bypass equality checks',
    pattern: new RegExp(`\\$ne${sep}`, "i")
  },
  {
    id: "nosql-gt-operator",
    description: '$gt \u2014 "greater than" used to bypass password/value checks',
    pattern: new RegExp(`\\$gte?${sep}`, "i")
  },
  {
    id: "nosql-lt-operator",
    description: '$lt / $lte \u2014 "less than" bypass variants',
    pattern: new RegExp(`\\$lte?${sep}`, "i")
  },
  {
    id: "nosql-regex-operator",
    description: "$regex \u2014 can be used to extract data character by character (blind injection)",
    pattern: new RegExp(`\\$regex${sep}`, "i")
  },
  {
    id: "nosql-or-operator",
    description: "$or \u2014 logical OR; used to create always-true conditions",
    pattern: new RegExp(`\\$or${sep}\\s*\\[`, "i")
  },
  {
    id: "nosql-and-operator",
    description: "$and \u2014 logical AND operator injection",
    pattern: new RegExp(`\\$and${sep}\\s*\\[`, "i")
  },
  {
    id: "nosql-nor-operator",
    description: "$nor \u2014 logical NOR operator injection",
    pattern: new RegExp(`\\$nor${sep}\\s*\\[`, "i")
  },
  {
    id: "nosql-exists-operator",
    description: "$exists \u2014 can enumerate fields to determine schema",
    pattern: new RegExp(`\\$exists${sep}`, "i")
  },
  {
    id: "nosql-in-operator",
    description: "$in \u2014 matches any value in a list; can enumerate values",
    pattern: new RegExp(`\\$in${sep}\\s*\\[`, "i")
  },
  {
    id: "nosql-expr-operator",
    description: "$expr \u2014 allows aggregation expressions in queries (MongoDB 3.6+)",
    pattern: new RegExp(`\\$expr${sep}`, "i")
  },
  {
    id: "nosql-function-operator",
    description: "$function \u2014 executes arbitrary JavaScript in MongoDB 4.4+",
    pattern: new RegExp(`\\$function${sep}`, "i")
  },
  {
    id: "nosql-accumulator-operator",
    description: "$accumulator \u2014 custom aggregation with arbitrary JS execution",
    pattern: new RegExp(`\\$accumulator${sep}`, "i")
  },
  // ─── Prototype pollution ─────────────────────────────────────────────────
  {
    id: "nosql-proto-pollution",
    description: "__proto__ \u2014 prototype pollution via object key injection",
    pattern: /__proto__/
  },
  {
    id: "nosql-constructor-prototype",
    description: "constructor.prototype \u2014 alternative prototype pollution vector (dot notation or JSON key)",
    // Matches dot-notation (obj.constructor.prototype) and JSON key adjacency
    // ("constructor": {"prototype": ...})
    pattern: /constructor[\s"':.,{\[]*prototype/i
  },
  {
    id: "nosql-proto-bracket",
    description: '["__proto__"] \u2014 bracket-notation prototype pollution',
    pattern: /\[["']__proto__["']\]/
  }
];
var nosql_default = NOSQL_PATTERNS;

// node_modules/is-unsafe/src/contexts/log.js
var LOG_PATTERNS = [
  // ─── CRLF / newline injection ─────────────────────────────────────────────
  {
    id: "log-crlf-injection",
    description: "CRLF injection: literal \\r or \\n embeds fake log lines",
    pattern: /[\r\n]/
  },
  {
    id: "log-url-encoded-crlf",
    description: "URL-encoded CRLF: %0d, %0a, %0D, %0A \u2014 decoded by some log parsers",
    pattern: /%0[dDaA]/
  },
  {
    id: "log-unicode-newline",
    description: "Unicode newline variants: U+2028 (line separator), U+2029 (paragraph separator)",
    pattern: /[\u2028\u2029]/
  },
  // ─── Log4Shell / JNDI injection (CVE-2021-44228) ─────────────────────────
  {
    id: "log-log4shell-jndi",
    description: "Log4Shell: ${jndi:...} triggers remote code execution in Apache Log4j",
    pattern: /\$\{jndi\s*:/i
  },
  {
    id: "log-log4shell-obfuscated",
    description: "Obfuscated Log4Shell: ${::-j}... lookup-bypass prefix used to evade WAF detection",
    // ${::- is the Log4j lookup-bypass escape sequence; presence alone is suspicious
    pattern: /\$\{::-/
  },
  {
    id: "log-log4j-lookup",
    description: "Log4j lookup syntax: ${env:...}, ${sys:...}, ${ctx:...} \u2014 data exfiltration",
    pattern: /\$\{(?:env|sys|ctx|main|map|sd|web|docker|k8s|spring)\s*:/i
  },
  // ─── Server-Side Template Injection (SSTI) in log messages ───────────────
  {
    id: "log-ssti-double-brace",
    description: "SSTI double-brace: {{expression}} \u2014 Jinja2, Twig, Handlebars, etc.",
    pattern: /\{\{[\s\S]{0,80}\}\}/
  },
  {
    id: "log-ssti-hash-brace",
    description: "SSTI hash-brace: #{expression} \u2014 Thymeleaf, Velocity, Ruby ERB",
    pattern: /#\{[\s\S]{0,80}\}/
  },
  {
    id: "log-ssti-dollar-brace",
    description: "SSTI/EL injection: ${expression with operators or method calls} \u2014 JSP EL, Freemarker, SpEL",
    // Require that the ${...} content looks like an expression, not a plain variable name.
    // Flags if the content contains: . ( * + operators, or known SSTI keywords.
    // This avoids flagging ${PATH}, ${HOME} etc. (plain shell variables).
    pattern: /\$\{[^}]*(?:\.|\(|\*|\+|\bclass\b|\bruntime\b|\bprocess\b|\bexec\b)[^}]{0,80}\}/i
  },
  {
    id: "log-ssti-percent-tag",
    description: "SSTI ERB/ASP tag: <%= expression %> \u2014 Ruby ERB, ASP",
    pattern: /<%=[\s\S]{0,80}%>/
  },
  // ─── Null byte ────────────────────────────────────────────────────────────
  {
    id: "log-null-byte",
    description: "Null byte: \\x00 or %00 \u2014 can truncate log entries in C-backed loggers",
    pattern: /\x00|%00/
  },
  // ─── ANSI escape injection ────────────────────────────────────────────────
  {
    id: "log-ansi-escape",
    description: "ANSI escape sequence: ESC[ \u2014 can manipulate terminal output when logs are tailed",
    pattern: /\x1b\[/
  }
];
var log_default = LOG_PATTERNS;

// node_modules/is-unsafe/src/contexts/sql-strict.js
var SQL_STRICT_EXTRA = [
  {
    id: "sql-line-comment",
    description: "SQL line comment: -- followed by whitespace or end of string",
    pattern: /--(?:\s|$)/
  },
  {
    id: "sql-stacked-query",
    description: "Stacked queries: semicolon immediately followed by a SQL keyword",
    pattern: /;\s{0,10}(?:SELECT|INSERT|UPDATE|DELETE|DROP|CREATE|ALTER|EXEC)\b/i
  },
  {
    id: "sql-hex-encoding",
    description: "Hex-encoded string injection: 0x41414141 style (MySQL)",
    pattern: /\b0x[0-9a-f]{4,}/i
  }
];
var SQL_STRICT_PATTERNS = [...sql_default, ...SQL_STRICT_EXTRA];
var sql_strict_default = SQL_STRICT_PATTERNS;

// node_modules/is-unsafe/src/util/decode-entities.js
var NAMED = Object.freeze({
  colon: ":",
  Tab: "	",
  NewLine: "\n"
});
var ENTITY_RE = /&(?:#[xX]0*([0-9a-fA-F]{1,6});?|#0*([0-9]{1,7});?|([a-zA-Z][a-zA-Z0-9]{1,15});)/g;
function decodeEntities(input) {
  if (input.indexOf("&") === -1) return input;
  return input.replace(ENTITY_RE, (match, hex, dec, name) => {
    if (name !== void 0) {
      return Object.prototype.hasOwnProperty.call(NAMED, name) ? NAMED[name] : match;
    }
    const cp = hex !== void 0 ? parseInt(hex, 16) : parseInt(dec, 10);
    if (!Number.isFinite(cp) || cp > 1114111) return match;
    return String.fromCodePoint(cp);
  });
}

// node_modules/is-unsafe/src/index.js
html_default.label = "HTML";
xml_default.label = "XML";
svg_default.label = "SVG";
html_default.decodeEntities = true;
xml_default.decodeEntities = true;
svg_default.decodeEntities = true;
sql_default.label = "SQL";
sql_strict_default.label = "SQL-STRICT";
shell_default.label = "SHELL";
redos_default.label = "REDOS";
nosql_default.label = "NOSQL";
log_default.label = "LOG";
var VALID_CONTEXTS = Object.freeze({
  HTML: html_default,
  XML: xml_default,
  SVG: svg_default,
  SQL: sql_default,
  "SQL-STRICT": sql_strict_default,
  SHELL: shell_default,
  REDOS: redos_default,
  NOSQL: nosql_default,
  LOG: log_default
});
function assertString(value) {
  if (typeof value !== "string") {
    throw new TypeError(
      `is-unsafe: first argument must be a string, got ${typeof value}`
    );
  }
}
function assertContext(context) {
  if (context instanceof RegExp) return;
  if (Array.isArray(context)) {
    if (context.length === 0) {
      throw new TypeError("is-unsafe: context must not be an empty array");
    }
    if (Array.isArray(context[0])) {
      for (const list of context) {
        if (!Array.isArray(list) || list.length === 0) {
          throw new TypeError(
            "is-unsafe: each context in the array must be a non-empty pattern array (PatternList)"
          );
        }
      }
    }
    return;
  }
  throw new TypeError(
    `is-unsafe: second argument must be a PatternList (e.g. HTML), an array of PatternLists (e.g. [HTML, XML]), or a RegExp. Got: ${typeof context}`
  );
}
function normalise(context) {
  if (context instanceof RegExp) return { lists: null, regex: context };
  if (Array.isArray(context[0])) return { lists: context, regex: null };
  return { lists: [context], regex: null };
}
function decodedCopy(value, list) {
  if (!list.decodeEntities) return null;
  const decoded = decodeEntities(value);
  return decoded === value ? null : decoded;
}
function matchList(value, list) {
  const label = list.label ?? "CUSTOM";
  const decoded = decodedCopy(value, list);
  for (const rule of list) {
    if (rule.pattern.test(value) || decoded !== null && rule.pattern.test(decoded)) {
      return { context: label, id: rule.id, description: rule.description, pattern: rule.pattern };
    }
  }
  return null;
}
function isUnsafe(value, context) {
  assertString(value);
  assertContext(context);
  const { lists, regex } = normalise(context);
  if (regex) return regex.test(value);
  for (const list of lists) {
    if (matchList(value, list) !== null) return true;
  }
  return false;
}

// node_modules/fast-xml-parser/src/xmlparser/OrderedObjParser.js
function extractRawAttributes(prefixedAttrs, options) {
  if (!prefixedAttrs) return {};
  const attrs = options.attributesGroupName ? prefixedAttrs[options.attributesGroupName] : prefixedAttrs;
  if (!attrs) return {};
  const rawAttrs = {};
  for (const key in attrs) {
    if (key.startsWith(options.attributeNamePrefix)) {
      const rawName = key.substring(options.attributeNamePrefix.length);
      rawAttrs[rawName] = attrs[key];
    } else {
      rawAttrs[key] = attrs[key];
    }
  }
  return rawAttrs;
}
function extractNamespace(rawTagName) {
  if (!rawTagName || typeof rawTagName !== "string") return void 0;
  const colonIndex = rawTagName.indexOf(":");
  if (colonIndex !== -1 && colonIndex > 0) {
    const ns = rawTagName.substring(0, colonIndex);
    if (ns !== "xmlns") {
      return ns;
    }
  }
  return void 0;
}
var OrderedObjParser = class {
  constructor(options, externalEntities) {
    this.options = options;
    this.currentNode = null;
    this.tagsNodeStack = [];
    this.parseXml = parseXml;
    this.parseTextData = parseTextData;
    this.resolveNameSpace = resolveNameSpace;
    this.buildAttributesMap = buildAttributesMap;
    this.isItStopNode = isItStopNode;
    this.replaceEntitiesValue = replaceEntitiesValue;
    this.readStopNodeData = readStopNodeData;
    this.saveTextToParentTag = saveTextToParentTag;
    this.addChild = addChild;
    this.ignoreAttributesFn = getIgnoreAttributesFn(this.options.ignoreAttributes);
    this.entityExpansionCount = 0;
    this.currentExpandedLength = 0;
    this.doctypefound = false;
    let namedEntities = { ...XML };
    if (this.options.entityDecoder) {
      this.entityDecoder = this.options.entityDecoder;
    } else {
      if (typeof this.options.htmlEntities === "object") namedEntities = this.options.htmlEntities;
      else if (this.options.htmlEntities === true) namedEntities = { ...COMMON_HTML, ...CURRENCY };
      this.entityDecoder = new EntityDecoder({
        namedEntities: { ...namedEntities, ...externalEntities },
        numericAllowed: this.options.htmlEntities,
        limit: {
          maxTotalExpansions: this.options.processEntities.maxTotalExpansions,
          maxExpandedLength: this.options.processEntities.maxExpandedLength,
          applyLimitsTo: this.options.processEntities.appliesTo
        },
        // onExternalEntity: (name, value) => isUnsafe(value) ? 'block' : 'allow',
        onInputEntity: (name, value) => (
          //TODO: VALID_CONTEXTS.HTML should be set only if this.options.htmlEntities
          isUnsafe(value, [html_default, xml_default]) ? ENTITY_ACTION.BLOCK : ENTITY_ACTION.ALLOW
        )
        //postCheck: resolved => resolved
      });
    }
    this.matcher = new Matcher();
    this.readonlyMatcher = this.matcher.readOnly();
    this.isCurrentNodeStopNode = false;
    this.stopNodeExpressionsSet = new ExpressionSet();
    const stopNodesOpts = this.options.stopNodes;
    if (stopNodesOpts && stopNodesOpts.length > 0) {
      for (let i = 0; i < stopNodesOpts.length; i++) {
        const stopNodeExp = stopNodesOpts[i];
        if (typeof stopNodeExp === "string") {
          this.stopNodeExpressionsSet.add(new Expression(stopNodeExp));
        } else if (stopNodeExp instanceof Expression) {
          this.stopNodeExpressionsSet.add(stopNodeExp);
        }
      }
      this.stopNodeExpressionsSet.seal();
    }
  }
};
function parseTextData(val, tagName, jPath, dontTrim, hasAttributes, isLeafNode, escapeEntities) {
  const options = this.options;
  if (val !== void 0) {
    if (options.trimValues && !dontTrim) {
      val = val.trim();
    }
    if (val.length > 0) {
      if (!escapeEntities) val = this.replaceEntitiesValue(val, tagName, jPath);
      const jPathOrMatcher = options.jPath ? jPath.toString() : jPath;
      const newval = options.tagValueProcessor(tagName, val, jPathOrMatcher, hasAttributes, isLeafNode);
      if (newval === null || newval === void 0) {
        return val;
      } else if (typeof newval !== typeof val || newval !== val) {
        return newval;
      } else if (options.trimValues) {
        return parseValue(val, options.parseTagValue, options.numberParseOptions);
      } else {
        const trimmedVal = val.trim();
        if (trimmedVal === val) {
          return parseValue(val, options.parseTagValue, options.numberParseOptions);
        } else {
          return val;
        }
      }
    }
  }
}
function resolveNameSpace(tagname) {
  if (this.options.removeNSPrefix) {
    const tags = tagname.split(":");
    const prefix = tagname.charAt(0) === "/" ? "/" : "";
    if (tags[0] === "xmlns") {
      return "";
    }
    if (tags.length === 2) {
      tagname = prefix + tags[1];
    }
  }
  return tagname;
}
var attrsRegx = /([^\s=]+)\s*(=\s*(?:"([^"]*)"|'([^']*)'))?/gm;
function attrValue(match) {
  return match[3] !== void 0 ? match[3] : match[4];
}
function buildAttributesMap(attrStr, jPath, tagName, force = false) {
  const options = this.options;
  if (force === true || options.ignoreAttributes !== true && typeof attrStr === "string") {
    const matches = getAllMatches(attrStr, attrsRegx);
    const len = matches.length;
    const attrs = {};
    const processedVals = new Array(len);
    let hasRawAttrs = false;
    const rawAttrsForMatcher = {};
    for (let i = 0; i < len; i++) {
      const attrName = this.resolveNameSpace(matches[i][1]);
      const oldVal = attrValue(matches[i]);
      if (attrName.length && oldVal !== void 0) {
        let val = oldVal;
        if (options.trimValues) val = val.trim();
        val = this.replaceEntitiesValue(val, tagName, this.readonlyMatcher);
        processedVals[i] = val;
        rawAttrsForMatcher[attrName] = val;
        hasRawAttrs = true;
      }
    }
    if (hasRawAttrs && typeof jPath === "object" && jPath.updateCurrent) {
      jPath.updateCurrent(rawAttrsForMatcher);
    }
    const jPathStr = options.jPath ? jPath.toString() : this.readonlyMatcher;
    let hasAttrs = false;
    for (let i = 0; i < len; i++) {
      const attrName = this.resolveNameSpace(matches[i][1]);
      if (this.ignoreAttributesFn(attrName, jPathStr)) continue;
      let aName = options.attributeNamePrefix + attrName;
      if (attrName.length) {
        if (options.transformAttributeName) {
          aName = options.transformAttributeName(aName);
        }
        aName = sanitizeName(aName, options);
        if (attrValue(matches[i]) !== void 0) {
          const oldVal = processedVals[i];
          const newVal = options.attributeValueProcessor(attrName, oldVal, jPathStr);
          if (newVal === null || newVal === void 0) {
            attrs[aName] = oldVal;
          } else if (typeof newVal !== typeof oldVal || newVal !== oldVal) {
            attrs[aName] = newVal;
          } else {
            attrs[aName] = parseValue(oldVal, options.parseAttributeValue, options.numberParseOptions);
          }
          hasAttrs = true;
        } else if (options.allowBooleanAttributes) {
          attrs[aName] = true;
          hasAttrs = true;
        }
      }
    }
    if (!hasAttrs) return;
    if (options.attributesGroupName && !options.preserveOrder) {
      const attrCollection = {};
      attrCollection[options.attributesGroupName] = attrs;
      return attrCollection;
    }
    return attrs;
  }
}
var parseXml = function(xmlData) {
  const options = this.options;
  const crlfPositions = options.captureMetaData ? [] : void 0;
  xmlData = xmlData.replace(/\r\n?/g, options.captureMetaData ? (newline, index) => {
    if (newline.length === 2) {
      crlfPositions.push(index - crlfPositions.length);
    }
    return "\n";
  } : "\n");
  const xmlObj = new XmlNode("!xml");
  let currentNode = xmlObj;
  let textData = "";
  this.matcher.reset();
  this.entityDecoder.reset();
  this.entityExpansionCount = 0;
  this.currentExpandedLength = 0;
  this.doctypefound = false;
  const docTypeReader = new DocTypeReader(options.processEntities);
  const xmlLen = xmlData.length;
  for (let i = 0; i < xmlLen; i++) {
    const ch = xmlData[i];
    if (ch === "<") {
      const c1 = xmlData.charCodeAt(i + 1);
      if (c1 === 47) {
        const closeIndex = findClosingIndex(xmlData, ">", i, "Closing Tag is not closed.");
        let tagName = xmlData.substring(i + 2, closeIndex).trim();
        if (options.removeNSPrefix) {
          const colonIndex = tagName.indexOf(":");
          if (colonIndex !== -1) {
            tagName = tagName.substr(colonIndex + 1);
          }
        }
        tagName = transformTagName(options.transformTagName, tagName, "", options).tagName;
        if (currentNode) {
          textData = this.saveTextToParentTag(textData, currentNode, this.readonlyMatcher);
        }
        const lastTagName = this.matcher.getCurrentTag();
        if (tagName && options.unpairedTagsSet.has(tagName)) {
          throw new Error(`Unpaired tag can not be used as closing tag: </${tagName}>`);
        }
        if (lastTagName && options.unpairedTagsSet.has(lastTagName)) {
          this.matcher.pop();
          this.tagsNodeStack.pop();
        }
        this.matcher.pop();
        this.isCurrentNodeStopNode = false;
        currentNode = this.tagsNodeStack.pop() || xmlObj;
        if (options.captureMetaData && currentNode) {
          currentNode.addEndIndex(getOriginalIndex(closeIndex + 1, crlfPositions));
        }
        textData = "";
        i = closeIndex;
      } else if (c1 === 63) {
        let tagData = readTagExp(xmlData, i, false, "?>");
        if (!tagData) throw new Error("Pi Tag is not closed.");
        textData = this.saveTextToParentTag(textData, currentNode, this.readonlyMatcher);
        const attsMap = this.buildAttributesMap(tagData.tagExp, this.matcher, tagData.tagName, true);
        if (attsMap) {
          const ver = attsMap[this.options.attributeNamePrefix + "version"];
          this.entityDecoder.setXmlVersion(Number(ver) || 1);
          docTypeReader.setXmlVersion(Number(ver) || 1);
        }
        if (options.ignoreDeclaration && tagData.tagName === "?xml" || options.ignorePiTags) {
        } else {
          const childNode = new XmlNode(tagData.tagName);
          childNode.add(options.textNodeName, "");
          if (tagData.tagName !== tagData.tagExp && tagData.attrExpPresent && options.ignoreAttributes !== true) {
            childNode[":@"] = attsMap;
          }
          const startIndex = options.captureMetaData ? getOriginalIndex(i, crlfPositions) : i;
          this.addChild(currentNode, childNode, this.readonlyMatcher, startIndex);
          if (options.captureMetaData) {
            currentNode.addEndIndex(getOriginalIndex(tagData.closeIndex + 2, crlfPositions));
          }
        }
        i = tagData.closeIndex + 1;
      } else if (c1 === 33 && xmlData.charCodeAt(i + 2) === 45 && xmlData.charCodeAt(i + 3) === 45) {
        const endIndex = findClosingIndex(xmlData, "-->", i + 4, "Comment is not closed.");
        if (options.commentPropName) {
          const comment = xmlData.substring(i + 4, endIndex - 2);
          textData = this.saveTextToParentTag(textData, currentNode, this.readonlyMatcher);
          currentNode.add(options.commentPropName, [{ [options.textNodeName]: comment }]);
        }
        i = endIndex;
      } else if (c1 === 33 && xmlData.charCodeAt(i + 2) === 68) {
        if (this.doctypefound) throw new Error("Multiple DOCTYPE declarations found.");
        this.doctypefound = true;
        const result = docTypeReader.readDocType(xmlData, i);
        this.entityDecoder.addInputEntities(result.entities);
        i = result.i;
      } else if (c1 === 33 && xmlData.charCodeAt(i + 2) === 91) {
        const closeIndex = findClosingIndex(xmlData, "]]>", i, "CDATA is not closed.") - 2;
        const tagExp = xmlData.substring(i + 9, closeIndex);
        textData = this.saveTextToParentTag(textData, currentNode, this.readonlyMatcher);
        let val = this.parseTextData(tagExp, currentNode.tagname, this.readonlyMatcher, true, false, true, true);
        if (val == void 0) val = "";
        if (options.cdataPropName) {
          currentNode.add(options.cdataPropName, [{ [options.textNodeName]: tagExp }]);
        } else {
          currentNode.add(options.textNodeName, val);
        }
        i = closeIndex + 2;
      } else {
        let result = readTagExp(xmlData, i, options.removeNSPrefix);
        if (!result) {
          const context = xmlData.substring(Math.max(0, i - 50), Math.min(xmlLen, i + 50));
          throw new Error(`readTagExp returned undefined at position ${i}. Context: "${context}"`);
        }
        let tagName = result.tagName;
        const rawTagName = result.rawTagName;
        let tagExp = result.tagExp;
        let attrExpPresent = result.attrExpPresent;
        let closeIndex = result.closeIndex;
        ({ tagName, tagExp } = transformTagName(options.transformTagName, tagName, tagExp, options));
        if (options.strictReservedNames && (tagName === options.commentPropName || tagName === options.cdataPropName || tagName === options.textNodeName || tagName === options.attributesGroupName)) {
          throw new Error(`Invalid tag name: ${tagName}`);
        }
        if (currentNode && textData) {
          if (currentNode.tagname !== "!xml") {
            textData = this.saveTextToParentTag(textData, currentNode, this.readonlyMatcher, false);
          }
        }
        const lastTag = currentNode;
        if (lastTag && options.unpairedTagsSet.has(lastTag.tagname)) {
          currentNode = this.tagsNodeStack.pop();
          this.matcher.pop();
        }
        let isSelfClosing = false;
        if (tagExp.length > 0 && tagExp.lastIndexOf("/") === tagExp.length - 1) {
          isSelfClosing = true;
          if (tagName[tagName.length - 1] === "/") {
            tagName = tagName.substr(0, tagName.length - 1);
            tagExp = tagName;
          } else {
            tagExp = tagExp.substr(0, tagExp.length - 1);
          }
          attrExpPresent = tagName !== tagExp;
        }
        let prefixedAttrs = null;
        let rawAttrs = {};
        let namespace = void 0;
        namespace = extractNamespace(rawTagName);
        if (tagName !== xmlObj.tagname) {
          this.matcher.push(tagName, {}, namespace);
        }
        if (tagName !== tagExp && attrExpPresent) {
          prefixedAttrs = this.buildAttributesMap(tagExp, this.matcher, tagName);
          if (prefixedAttrs) {
            rawAttrs = extractRawAttributes(prefixedAttrs, options);
          }
        }
        if (tagName !== xmlObj.tagname) {
          this.isCurrentNodeStopNode = this.isItStopNode();
        }
        const startIndex = options.captureMetaData ? getOriginalIndex(i, crlfPositions) : i;
        if (this.isCurrentNodeStopNode) {
          let tagContent = "";
          if (isSelfClosing) {
            i = result.closeIndex;
          } else if (options.unpairedTagsSet.has(tagName)) {
            i = result.closeIndex;
          } else {
            const result2 = this.readStopNodeData(xmlData, rawTagName, closeIndex + 1);
            if (!result2) throw new Error(`Unexpected end of ${rawTagName}`);
            i = result2.i;
            tagContent = result2.tagContent;
          }
          const childNode = new XmlNode(tagName);
          if (prefixedAttrs) {
            childNode[":@"] = prefixedAttrs;
          }
          childNode.add(options.textNodeName, tagContent);
          this.matcher.pop();
          this.isCurrentNodeStopNode = false;
          this.addChild(currentNode, childNode, this.readonlyMatcher, startIndex);
          if (options.captureMetaData) {
            currentNode.addEndIndex(getOriginalIndex(i + 1, crlfPositions));
          }
        } else {
          if (isSelfClosing) {
            ({ tagName, tagExp } = transformTagName(options.transformTagName, tagName, tagExp, options));
            const childNode = new XmlNode(tagName);
            if (prefixedAttrs) {
              childNode[":@"] = prefixedAttrs;
            }
            this.addChild(currentNode, childNode, this.readonlyMatcher, startIndex);
            if (options.captureMetaData) {
              currentNode.addEndIndex(getOriginalIndex(closeIndex + 1, crlfPositions));
            }
            this.matcher.pop();
            this.isCurrentNodeStopNode = false;
          } else if (options.unpairedTagsSet.has(tagName)) {
            const childNode = new XmlNode(tagName);
            if (prefixedAttrs) {
              childNode[":@"] = prefixedAttrs;
            }
            this.addChild(currentNode, childNode, this.readonlyMatcher, startIndex);
            if (options.captureMetaData) {
              currentNode.addEndIndex(getOriginalIndex(result.closeIndex + 1, crlfPositions));
            }
            this.matcher.pop();
            this.isCurrentNodeStopNode = false;
            i = result.closeIndex;
            continue;
          } else {
            const childNode = new XmlNode(tagName);
            if (this.tagsNodeStack.length > options.maxNestedTags) {
              throw new Error("Maximum nested tags exceeded");
            }
            this.tagsNodeStack.push(currentNode);
            if (prefixedAttrs) {
              childNode[":@"] = prefixedAttrs;
            }
            this.addChild(currentNode, childNode, this.readonlyMatcher, startIndex);
            currentNode = childNode;
          }
          textData = "";
          i = closeIndex;
        }
      }
    } else {
      textData += xmlData[i];
    }
  }
  return xmlObj.child;
};
function getOriginalIndex(index, crlfPositions) {
  let low = 0;
  let high = crlfPositions.length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (crlfPositions[middle] < index) low = middle + 1;
    else high = middle;
  }
  return index + low;
}
function addChild(currentNode, childNode, matcher, startIndex) {
  if (!this.options.captureMetaData) startIndex = void 0;
  const jPathOrMatcher = this.options.jPath ? matcher.toString() : matcher;
  const result = this.options.updateTag(childNode.tagname, jPathOrMatcher, childNode[":@"]);
  if (result === false) {
  } else if (typeof result === "string") {
    childNode.tagname = result;
    currentNode.addChild(childNode, startIndex);
  } else {
    currentNode.addChild(childNode, startIndex);
  }
}
function replaceEntitiesValue(val, tagName, jPath) {
  const entityConfig = this.options.processEntities;
  if (!entityConfig || !entityConfig.enabled) {
    return val;
  }
  if (entityConfig.allowedTags) {
    const jPathOrMatcher = this.options.jPath ? jPath.toString() : jPath;
    const allowed = Array.isArray(entityConfig.allowedTags) ? entityConfig.allowedTags.includes(tagName) : entityConfig.allowedTags(tagName, jPathOrMatcher);
    if (!allowed) {
      return val;
    }
  }
  if (entityConfig.tagFilter) {
    const jPathOrMatcher = this.options.jPath ? jPath.toString() : jPath;
    if (!entityConfig.tagFilter(tagName, jPathOrMatcher)) {
      return val;
    }
  }
  return this.entityDecoder.decode(val);
}
function saveTextToParentTag(textData, parentNode, matcher, isLeafNode) {
  if (textData) {
    if (isLeafNode === void 0) isLeafNode = parentNode.child.length === 0;
    textData = this.parseTextData(
      textData,
      parentNode.tagname,
      matcher,
      false,
      parentNode[":@"] ? Object.keys(parentNode[":@"]).length !== 0 : false,
      isLeafNode
    );
    if (textData !== void 0 && textData !== "")
      parentNode.add(this.options.textNodeName, textData);
    textData = "";
  }
  return textData;
}
function isItStopNode() {
  if (this.stopNodeExpressionsSet.size === 0) return false;
  return this.matcher.matchesAny(this.stopNodeExpressionsSet);
}
function tagExpWithClosingIndex(xmlData, i, closingChar = ">") {
  const len = xmlData.length;
  const closeCode0 = closingChar.charCodeAt(0);
  const closeCode1 = closingChar.length > 1 ? closingChar.charCodeAt(1) : -1;
  let result = "";
  let segmentStart = i;
  for (let index = i; index < len; index++) {
    const code = xmlData.charCodeAt(index);
    if (code === 34 || code === 39) {
      index = xmlData.indexOf(xmlData[index], index + 1);
      if (index === -1) return;
    } else if (code === closeCode0) {
      if (closeCode1 !== -1) {
        if (xmlData.charCodeAt(index + 1) === closeCode1) {
          result += xmlData.substring(segmentStart, index);
          return { data: result, index };
        }
      } else {
        result += xmlData.substring(segmentStart, index);
        return { data: result, index };
      }
    } else if (code === 9) {
      result += xmlData.substring(segmentStart, index) + " ";
      segmentStart = index + 1;
    }
  }
}
function findClosingIndex(xmlData, str, i, errMsg) {
  const closingIndex = xmlData.indexOf(str, i);
  if (closingIndex === -1) {
    throw new Error(errMsg);
  } else {
    return closingIndex + str.length - 1;
  }
}
function findClosingChar(xmlData, char, i, errMsg) {
  const closingIndex = xmlData.indexOf(char, i);
  if (closingIndex === -1) throw new Error(errMsg);
  return closingIndex;
}
function readTagExp(xmlData, i, removeNSPrefix, closingChar = ">") {
  const result = tagExpWithClosingIndex(xmlData, i + 1, closingChar);
  if (!result) return;
  let tagExp = result.data;
  const closeIndex = result.index;
  const separatorIndex = tagExp.search(/\s/);
  let tagName = tagExp;
  let attrExpPresent = true;
  if (separatorIndex !== -1) {
    tagName = tagExp.substring(0, separatorIndex);
    tagExp = tagExp.substring(separatorIndex + 1).trimStart();
  }
  const rawTagName = tagName;
  if (removeNSPrefix) {
    const colonIndex = tagName.indexOf(":");
    if (colonIndex !== -1) {
      tagName = tagName.substr(colonIndex + 1);
      attrExpPresent = tagName !== result.data.substr(colonIndex + 1);
    }
  }
  return {
    tagName,
    tagExp,
    closeIndex,
    attrExpPresent,
    rawTagName
  };
}
function readStopNodeData(xmlData, tagName, i) {
  const startIndex = i;
  let openTagCount = 1;
  let lenient = false;
  let nextGt = -1;
  const xmllen = xmlData.length;
  for (; i < xmllen; i++) {
    if (xmlData[i] === "<") {
      const c1 = xmlData.charCodeAt(i + 1);
      if (c1 === 47) {
        const closeIndex = findClosingChar(xmlData, ">", i, `${tagName} is not closed`);
        let closeTagName = xmlData.substring(i + 2, closeIndex).trim();
        if (closeTagName === tagName) {
          openTagCount--;
          if (openTagCount === 0) {
            return {
              tagContent: xmlData.substring(startIndex, i),
              i: closeIndex
            };
          }
        }
        i = closeIndex;
      } else if (c1 === 63) {
        const closeIndex = findClosingIndex(xmlData, "?>", i + 1, "StopNode is not closed.");
        i = closeIndex;
      } else if (c1 === 33 && xmlData.charCodeAt(i + 2) === 45 && xmlData.charCodeAt(i + 3) === 45) {
        const closeIndex = findClosingIndex(xmlData, "-->", i + 3, "StopNode is not closed.");
        i = closeIndex;
      } else if (c1 === 33 && xmlData.charCodeAt(i + 2) === 91) {
        const closeIndex = findClosingIndex(xmlData, "]]>", i, "StopNode is not closed.") - 2;
        i = closeIndex;
      } else {
        const tagData = lenient ? void 0 : readTagExp(xmlData, i, false);
        if (tagData) {
          const openTagName = tagData.tagName;
          if (openTagName === tagName && tagData.tagExp[tagData.tagExp.length - 1] !== "/") {
            openTagCount++;
          }
          i = tagData.closeIndex;
        } else {
          lenient = true;
          if (nextGt < i) {
            nextGt = xmlData.indexOf(">", i);
            if (nextGt === -1) return;
          }
          const nextLt = xmlData.indexOf("<", i + 1);
          if (nextLt === -1 || nextLt > nextGt) {
            const exp = xmlData.substring(i + 1, nextGt);
            const sep2 = exp.search(/\s/);
            const name = sep2 === -1 ? exp : exp.substring(0, sep2);
            if (name === tagName && exp[exp.length - 1] !== "/") openTagCount++;
            i = nextGt;
          }
        }
      }
    }
  }
}
function parseValue(val, shouldParse, options) {
  if (shouldParse && typeof val === "string") {
    const newval = val.trim();
    if (newval === "true") return true;
    else if (newval === "false") return false;
    else return toNumber(val, options);
  } else {
    if (isExist(val)) {
      return val;
    } else {
      return "";
    }
  }
}
function transformTagName(fn, tagName, tagExp, options) {
  if (fn) {
    const newTagName = fn(tagName);
    if (tagExp === tagName) {
      tagExp = newTagName;
    }
    tagName = newTagName;
  }
  tagName = sanitizeName(tagName, options);
  return { tagName, tagExp };
}
function sanitizeName(name, options) {
  if (criticalProperties.includes(name)) {
    throw new Error(`[SECURITY] Invalid name: "${name}" is a reserved JavaScript keyword that could cause prototype pollution`);
  } else if (DANGEROUS_PROPERTY_NAMES.includes(name)) {
    return options.onDangerousProperty(name);
  }
  return name;
}

// node_modules/fast-xml-parser/src/xmlparser/node2json.js
var METADATA_SYMBOL2 = XmlNode.getMetaDataSymbol();
function stripAttributePrefix(attrs, prefix) {
  if (!attrs || typeof attrs !== "object") return {};
  if (!prefix) return attrs;
  const rawAttrs = {};
  for (const key in attrs) {
    if (key.startsWith(prefix)) {
      const rawName = key.substring(prefix.length);
      rawAttrs[rawName] = attrs[key];
    } else {
      rawAttrs[key] = attrs[key];
    }
  }
  return rawAttrs;
}
function prettify(node, options, matcher, readonlyMatcher) {
  return compress(node, options, matcher, readonlyMatcher);
}
function compress(arr, options, matcher, readonlyMatcher) {
  let text;
  const compressedObj = {};
  for (let i = 0; i < arr.length; i++) {
    const tagObj = arr[i];
    const property = propName(tagObj);
    if (property !== void 0 && property !== options.textNodeName) {
      const rawAttrs = stripAttributePrefix(
        tagObj[":@"] || {},
        options.attributeNamePrefix
      );
      matcher.push(property, rawAttrs);
    }
    if (property === options.textNodeName) {
      if (text === void 0) text = tagObj[property];
      else text += "" + tagObj[property];
    } else if (property === void 0) {
      continue;
    } else if (tagObj[property]) {
      let val = compress(tagObj[property], options, matcher, readonlyMatcher);
      const isLeaf = isLeafTag(val, options);
      if (Object.keys(val).length === 0 && options.alwaysCreateTextNode) {
        val[options.textNodeName] = "";
      }
      if (tagObj[":@"]) {
        assignAttributes(val, tagObj[":@"], readonlyMatcher, options);
      } else if (Object.keys(val).length === 1 && val[options.textNodeName] !== void 0 && !options.alwaysCreateTextNode) {
        val = val[options.textNodeName];
      } else if (Object.keys(val).length === 0) {
        if (options.alwaysCreateTextNode) val[options.textNodeName] = "";
        else val = "";
      }
      if (tagObj[METADATA_SYMBOL2] !== void 0 && typeof val === "object" && val !== null) {
        val[METADATA_SYMBOL2] = tagObj[METADATA_SYMBOL2];
      }
      if (compressedObj[property] !== void 0 && Object.prototype.hasOwnProperty.call(compressedObj, property)) {
        if (!Array.isArray(compressedObj[property])) {
          compressedObj[property] = [compressedObj[property]];
        }
        compressedObj[property].push(val);
      } else {
        const jPathOrMatcher = options.jPath ? readonlyMatcher.toString() : readonlyMatcher;
        if (options.isArray(property, jPathOrMatcher, isLeaf)) {
          compressedObj[property] = [val];
        } else {
          compressedObj[property] = val;
        }
      }
      if (property !== void 0 && property !== options.textNodeName) {
        matcher.pop();
      }
    }
  }
  if (typeof text === "string") {
    if (text.length > 0) compressedObj[options.textNodeName] = text;
  } else if (text !== void 0) compressedObj[options.textNodeName] = text;
  return compressedObj;
}
function propName(obj) {
  const keys = Object.keys(obj);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (key !== ":@") return key;
  }
}
function assignAttributes(obj, attrMap, readonlyMatcher, options) {
  if (attrMap) {
    const keys = Object.keys(attrMap);
    const len = keys.length;
    for (let i = 0; i < len; i++) {
      const atrrName = keys[i];
      const rawAttrName = atrrName.startsWith(options.attributeNamePrefix) ? atrrName.substring(options.attributeNamePrefix.length) : atrrName;
      const jPathOrMatcher = options.jPath ? readonlyMatcher.toString() + "." + rawAttrName : readonlyMatcher;
      if (options.isArray(atrrName, jPathOrMatcher, true, true)) {
        obj[atrrName] = [attrMap[atrrName]];
      } else {
        obj[atrrName] = attrMap[atrrName];
      }
    }
  }
}
function isLeafTag(obj, options) {
  const { textNodeName } = options;
  const propCount = Object.keys(obj).length;
  if (propCount === 0) {
    return true;
  }
  if (propCount === 1 && (obj[textNodeName] || typeof obj[textNodeName] === "boolean" || obj[textNodeName] === 0)) {
    return true;
  }
  return false;
}

// node_modules/fast-xml-parser/src/xmlparser/XMLParser.js
var XMLParser = class {
  constructor(options) {
    this.externalEntities = {};
    this.options = buildOptions(options);
  }
  /**
   * Parse XML dats to JS object 
   * @param {string|Uint8Array} xmlData 
   * @param {boolean|Object} validationOption 
   */
  parse(xmlData, validationOption) {
    if (typeof xmlData !== "string" && xmlData.toString) {
      if (xmlData instanceof Uint8Array && !(typeof Buffer !== "undefined" && Buffer.isBuffer(xmlData))) {
        xmlData = new TextDecoder("utf-8", { ignoreBOM: true }).decode(xmlData);
      } else {
        xmlData = xmlData.toString();
      }
    } else if (typeof xmlData !== "string") {
      throw new Error("XML data is accepted in String or Bytes[] form.");
    }
    if (validationOption) {
      if (validationOption === true) validationOption = {};
      const result = validate3(xmlData, validationOption);
      if (result !== true) {
        throw Error(`${result.err.msg}:${result.err.line}:${result.err.col}`);
      }
    }
    const orderedObjParser = new OrderedObjParser(this.options, this.externalEntities);
    const orderedResult = orderedObjParser.parseXml(xmlData);
    if (this.options.preserveOrder || orderedResult === void 0) return orderedResult;
    else return prettify(orderedResult, this.options, orderedObjParser.matcher, orderedObjParser.readonlyMatcher);
  }
  /**
   * Add Entity which is not by default supported by this library
   * @param {string} key 
   * @param {string} value 
   */
  addEntity(key, value) {
    if (value.indexOf("&") !== -1) {
      throw new Error("Entity value can't have '&'");
    } else if (key.indexOf("&") !== -1 || key.indexOf(";") !== -1) {
      throw new Error("An entity must be set without '&' and ';'. Eg. use '#xD' for '&#xD;'");
    } else if (value === "&") {
      throw new Error("An entity with value '&' is not permitted");
    } else {
      this.externalEntities[key] = value;
    }
  }
  /**
   * Returns a Symbol that can be used to access the metadata
   * property on a node.
   * 
   * If Symbol is not available in the environment, an ordinary property is used
   * and the name of the property is here returned.
   * 
   * The XMLMetaData property is only present when `captureMetaData`
   * is true in the options.
   */
  static getMetaDataSymbol() {
    return XmlNode.getMetaDataSymbol();
  }
};

// node_modules/fast-xml-builder/src/util.js
function valToStr(val) {
  return typeof val === "number" && Object.is(val, -0) ? "-0" : String(val);
}
function safeComment(val) {
  return valToStr(val).replace(/--/g, "- -").replace(/--/g, "- -").replace(/-$/, "- ");
}
function safeCdata(val) {
  return valToStr(val).replace(/\]\]>/g, "]]]]><![CDATA[>");
}
function escapeAttribute(val) {
  return valToStr(val).replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}
function resolveName(name, isAttribute2, options, matcher, validator) {
  if (!options.sanitizeName) return name;
  const isPI = !isAttribute2 && name[0] === "?";
  const bare = isPI ? name.slice(1) : name;
  if (validator(bare)) return name;
  const result = options.sanitizeName(bare, { isAttribute: isAttribute2, matcher: matcher.readOnly() });
  if (typeof result !== "string" || !validator(result)) {
    throw new Error(`sanitizeName returned an invalid XML name for "${bare}"`);
  }
  return isPI ? "?" + result : result;
}

// node_modules/fast-xml-builder/src/orderedJs2Xml.js
var EOL = "\n";
function detectXmlVersionFromArray(jArray, options) {
  if (!Array.isArray(jArray) || jArray.length === 0) return "1.0";
  const first2 = jArray[0];
  const firstKey = propName2(first2);
  if (firstKey === "?xml") {
    const attrs = first2[":@"];
    if (attrs) {
      const versionKey = options.attributeNamePrefix + "version";
      if (attrs[versionKey]) return attrs[versionKey];
    }
  }
  return "1.0";
}
function toXml(jArray, options) {
  let indentation = "";
  if (options.format) {
    indentation = EOL;
  }
  const stopNodeExpressions = [];
  if (options.stopNodes && Array.isArray(options.stopNodes)) {
    for (let i = 0; i < options.stopNodes.length; i++) {
      const node = options.stopNodes[i];
      if (typeof node === "string") {
        stopNodeExpressions.push(new Expression(node));
      } else if (node instanceof Expression) {
        stopNodeExpressions.push(node);
      }
    }
  }
  const xmlVersion = detectXmlVersionFromArray(jArray, options);
  const qNameValidator = createValidator("qName", { xmlVersion });
  const matcher = new Matcher();
  return arrToStr(jArray, options, indentation, matcher, stopNodeExpressions, qNameValidator);
}
function arrToStr(arr, options, indentation, matcher, stopNodeExpressions, qNameValidator) {
  let xmlStr = "";
  let isPreviousElementTag = false;
  if (options.maxNestedTags && matcher.getDepth() > options.maxNestedTags) {
    throw new Error("Maximum nested tags exceeded");
  }
  if (!Array.isArray(arr)) {
    if (arr !== void 0 && arr !== null) {
      let text = valToStr(arr);
      text = replaceEntitiesValue2(text, options);
      return text;
    }
    return "";
  }
  for (let i = 0; i < arr.length; i++) {
    const tagObj = arr[i];
    const rawTagName = propName2(tagObj);
    if (rawTagName === void 0) continue;
    const isSpecialName = rawTagName === options.textNodeName || rawTagName === options.cdataPropName || rawTagName === options.commentPropName;
    const tagName = isSpecialName ? rawTagName : resolveName(rawTagName, false, options, matcher, qNameValidator);
    const attrValues = extractAttributeValues(tagObj[":@"], options);
    matcher.push(tagName, attrValues);
    const isStopNode = checkStopNode(matcher, stopNodeExpressions);
    if (tagName === options.textNodeName) {
      let tagText = tagObj[rawTagName];
      if (!isStopNode) {
        tagText = options.tagValueProcessor(tagName, tagText);
        tagText = replaceEntitiesValue2(tagText, options);
      }
      tagText = valToStr(tagText);
      if (isPreviousElementTag) {
        xmlStr += indentation;
      }
      xmlStr += tagText;
      isPreviousElementTag = false;
      matcher.pop();
      continue;
    } else if (tagName === options.cdataPropName) {
      if (isPreviousElementTag) {
        xmlStr += indentation;
      }
      const val = tagObj[rawTagName][0][options.textNodeName];
      const safeVal = safeCdata(val);
      xmlStr += `<![CDATA[${safeVal}]]>`;
      isPreviousElementTag = false;
      matcher.pop();
      continue;
    } else if (tagName === options.commentPropName) {
      const val = tagObj[rawTagName][0][options.textNodeName];
      const safeVal = safeComment(val);
      xmlStr += indentation + `<!--${safeVal}-->`;
      isPreviousElementTag = true;
      matcher.pop();
      continue;
    } else if (tagName[0] === "?") {
      const attStr2 = attr_to_str(tagObj[":@"], options, isStopNode, matcher, qNameValidator);
      const tempInd = tagName === "?xml" ? "" : indentation;
      xmlStr += tempInd + `<${tagName}${attStr2}?>`;
      isPreviousElementTag = true;
      matcher.pop();
      continue;
    }
    let newIdentation = indentation;
    if (newIdentation !== "") {
      newIdentation += options.indentBy;
    }
    const attStr = attr_to_str(tagObj[":@"], options, isStopNode, matcher, qNameValidator);
    const tagStart = indentation + `<${tagName}${attStr}`;
    let tagValue;
    if (isStopNode) {
      tagValue = getRawContent(tagObj[rawTagName], options, matcher.getDepth());
    } else {
      tagValue = arrToStr(tagObj[rawTagName], options, newIdentation, matcher, stopNodeExpressions, qNameValidator);
    }
    if (options.unpairedTags.indexOf(tagName) !== -1) {
      if (options.suppressUnpairedNode) xmlStr += tagStart + ">";
      else xmlStr += tagStart + "/>";
    } else if ((!tagValue || tagValue.length === 0) && options.suppressEmptyNode) {
      xmlStr += tagStart + "/>";
    } else if (tagValue && tagValue.endsWith(">")) {
      xmlStr += tagStart + `>${tagValue}${indentation}</${tagName}>`;
    } else {
      xmlStr += tagStart + ">";
      if (tagValue && indentation !== "" && (tagValue.includes("/>") || tagValue.includes("</"))) {
        xmlStr += indentation + options.indentBy + tagValue + indentation;
      } else {
        xmlStr += tagValue;
      }
      xmlStr += `</${tagName}>`;
    }
    isPreviousElementTag = true;
    matcher.pop();
  }
  return xmlStr;
}
function extractAttributeValues(attrMap, options) {
  if (!attrMap || options.ignoreAttributes) return null;
  const attrValues = {};
  let hasAttrs = false;
  for (let attr in attrMap) {
    if (!Object.prototype.hasOwnProperty.call(attrMap, attr)) continue;
    const cleanAttrName = attr.startsWith(options.attributeNamePrefix) ? attr.substr(options.attributeNamePrefix.length) : attr;
    attrValues[cleanAttrName] = escapeAttribute(attrMap[attr]);
    hasAttrs = true;
  }
  return hasAttrs ? attrValues : null;
}
function getRawContent(arr, options, depth = 0) {
  if (options.maxNestedTags && depth > options.maxNestedTags) {
    throw new Error("Maximum nested tags exceeded");
  }
  if (!Array.isArray(arr)) {
    if (arr !== void 0 && arr !== null) {
      return valToStr(arr);
    }
    return "";
  }
  let content = "";
  for (let i = 0; i < arr.length; i++) {
    const item = arr[i];
    const tagName = propName2(item);
    if (tagName === options.textNodeName) {
      content += valToStr(item[tagName]);
    } else if (tagName === options.cdataPropName) {
      content += item[tagName][0][options.textNodeName];
    } else if (tagName === options.commentPropName) {
      content += item[tagName][0][options.textNodeName];
    } else if (tagName && tagName[0] === "?") {
      continue;
    } else if (tagName) {
      const attStr = attr_to_str_raw(item[":@"], options);
      const nestedContent = getRawContent(item[tagName], options, depth + 1);
      if (!nestedContent || nestedContent.length === 0) {
        content += `<${tagName}${attStr}/>`;
      } else {
        content += `<${tagName}${attStr}>${nestedContent}</${tagName}>`;
      }
    }
  }
  return content;
}
function attr_to_str_raw(attrMap, options) {
  let attrStr = "";
  if (attrMap && !options.ignoreAttributes) {
    for (let attr in attrMap) {
      if (!Object.prototype.hasOwnProperty.call(attrMap, attr)) continue;
      let attrVal = attrMap[attr];
      if (attrVal === true && options.suppressBooleanAttributes) {
        attrStr += ` ${attr.substr(options.attributeNamePrefix.length)}`;
      } else {
        attrStr += ` ${attr.substr(options.attributeNamePrefix.length)}="${escapeAttribute(attrVal)}"`;
      }
    }
  }
  return attrStr;
}
function propName2(obj) {
  const keys = Object.keys(obj);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (!Object.prototype.hasOwnProperty.call(obj, key)) continue;
    if (key !== ":@") return key;
  }
}
function attr_to_str(attrMap, options, isStopNode, matcher, qNameValidator) {
  let attrStr = "";
  if (attrMap && !options.ignoreAttributes) {
    for (let attr in attrMap) {
      if (!Object.prototype.hasOwnProperty.call(attrMap, attr)) continue;
      const cleanAttrName = attr.substr(options.attributeNamePrefix.length);
      const resolvedAttrName = isStopNode ? cleanAttrName : resolveName(cleanAttrName, true, options, matcher, qNameValidator);
      let attrVal;
      if (isStopNode) {
        attrVal = attrMap[attr];
      } else {
        attrVal = options.attributeValueProcessor(attr, attrMap[attr]);
        attrVal = replaceEntitiesValue2(attrVal, options);
      }
      if (attrVal === true && options.suppressBooleanAttributes) {
        attrStr += ` ${resolvedAttrName}`;
      } else {
        attrStr += ` ${resolvedAttrName}="${escapeAttribute(attrVal)}"`;
      }
    }
  }
  return attrStr;
}
function checkStopNode(matcher, stopNodeExpressions) {
  if (!stopNodeExpressions || stopNodeExpressions.length === 0) return false;
  for (let i = 0; i < stopNodeExpressions.length; i++) {
    if (matcher.matches(stopNodeExpressions[i])) {
      return true;
    }
  }
  return false;
}
function replaceEntitiesValue2(textValue, options) {
  if (textValue && textValue.length > 0 && options.processEntities) {
    for (let i = 0; i < options.entities.length; i++) {
      const entity = options.entities[i];
      textValue = textValue.replace(entity.regex, entity.val);
    }
  }
  return textValue;
}

// node_modules/fast-xml-builder/src/ignoreAttributes.js
function getIgnoreAttributesFn2(ignoreAttributes) {
  if (typeof ignoreAttributes === "function") {
    return ignoreAttributes;
  }
  if (Array.isArray(ignoreAttributes)) {
    return (attrName) => {
      for (const pattern of ignoreAttributes) {
        if (typeof pattern === "string" && attrName === pattern) {
          return true;
        }
        if (pattern instanceof RegExp && pattern.test(attrName)) {
          return true;
        }
      }
    };
  }
  return () => false;
}

// node_modules/fast-xml-builder/src/fxb.js
var defaultOptions3 = {
  attributeNamePrefix: "@_",
  attributesGroupName: false,
  textNodeName: "#text",
  ignoreAttributes: true,
  cdataPropName: false,
  format: false,
  indentBy: "  ",
  suppressEmptyNode: false,
  suppressUnpairedNode: true,
  suppressBooleanAttributes: true,
  tagValueProcessor: function(key, a) {
    return a;
  },
  attributeValueProcessor: function(attrName, a) {
    return a;
  },
  preserveOrder: false,
  commentPropName: false,
  unpairedTags: [],
  entities: [
    { regex: new RegExp("&", "g"), val: "&amp;" },
    //it must be on top
    { regex: new RegExp(">", "g"), val: "&gt;" },
    { regex: new RegExp("<", "g"), val: "&lt;" },
    { regex: new RegExp("'", "g"), val: "&apos;" },
    { regex: new RegExp('"', "g"), val: "&quot;" }
  ],
  processEntities: true,
  stopNodes: [],
  // transformTagName: false,
  // transformAttributeName: false,
  oneListGroup: false,
  maxNestedTags: 100,
  jPath: true,
  // When true, callbacks receive string jPath; when false, receive Matcher instance
  sanitizeName: false
  // false = allow all names as-is (default, backward-compatible).
  // Set to a function (name, { isAttribute, matcher }) => string to
  // validate/sanitize tag and attribute names. Throw inside the function
  // to reject an invalid name.
};
function Builder(options) {
  this.options = Object.assign({}, defaultOptions3, options);
  if (this.options.stopNodes && Array.isArray(this.options.stopNodes)) {
    this.options.stopNodes = this.options.stopNodes.map((node) => {
      if (typeof node === "string" && node.startsWith("*.")) {
        return ".." + node.substring(2);
      }
      return node;
    });
  }
  this.stopNodeExpressions = [];
  if (this.options.stopNodes && Array.isArray(this.options.stopNodes)) {
    for (let i = 0; i < this.options.stopNodes.length; i++) {
      const node = this.options.stopNodes[i];
      if (typeof node === "string") {
        this.stopNodeExpressions.push(new Expression(node));
      } else if (node instanceof Expression) {
        this.stopNodeExpressions.push(node);
      }
    }
  }
  if (this.options.ignoreAttributes === true || this.options.attributesGroupName) {
    this.isAttribute = function() {
      return false;
    };
  } else {
    this.ignoreAttributesFn = getIgnoreAttributesFn2(this.options.ignoreAttributes);
    this.attrPrefixLen = this.options.attributeNamePrefix.length;
    this.isAttribute = isAttribute;
  }
  this.processTextOrObjNode = processTextOrObjNode;
  if (this.options.format) {
    this.indentate = indentate;
    this.tagEndChar = ">\n";
    this.newLine = "\n";
  } else {
    this.indentate = function() {
      return "";
    };
    this.tagEndChar = ">";
    this.newLine = "";
  }
}
function detectXmlVersionFromObj(jObj, options) {
  const decl = jObj["?xml"];
  if (decl && typeof decl === "object") {
    if (options.attributesGroupName && decl[options.attributesGroupName]) {
      const v2 = decl[options.attributesGroupName][options.attributeNamePrefix + "version"];
      if (v2) return v2;
    }
    const v = decl[options.attributeNamePrefix + "version"];
    if (v) return v;
  }
  return "1.0";
}
Builder.prototype.build = function(jObj) {
  if (this.options.preserveOrder) {
    return toXml(jObj, this.options);
  } else {
    if (Array.isArray(jObj) && this.options.arrayNodeName && this.options.arrayNodeName.length > 1) {
      jObj = {
        [this.options.arrayNodeName]: jObj
      };
    }
    const matcher = new Matcher();
    const xmlVersion = detectXmlVersionFromObj(jObj, this.options);
    const qNameValidator = createValidator("qName", { xmlVersion });
    return this.j2x(jObj, 0, matcher, qNameValidator).val;
  }
};
Builder.prototype.j2x = function(jObj, level, matcher, qNameValidator) {
  let attrStr = "";
  let val = "";
  if (this.options.maxNestedTags && matcher.getDepth() >= this.options.maxNestedTags) {
    throw new Error("Maximum nested tags exceeded");
  }
  const jPath = this.options.jPath ? matcher.toString() : matcher;
  const isCurrentStopNode = this.checkStopNode(matcher);
  for (let key in jObj) {
    if (!Object.prototype.hasOwnProperty.call(jObj, key)) continue;
    const isSpecialKey = key === this.options.textNodeName || key === this.options.cdataPropName || key === this.options.commentPropName || this.options.attributesGroupName && key === this.options.attributesGroupName || this.isAttribute(key);
    const resolvedKey = isSpecialKey ? key : resolveName(key, false, this.options, matcher, qNameValidator);
    if (typeof jObj[key] === "undefined") {
      if (this.isAttribute(key)) {
        val += "";
      }
    } else if (jObj[key] === null) {
      if (this.isAttribute(key)) {
        val += "";
      } else if (resolvedKey === this.options.cdataPropName || resolvedKey === this.options.commentPropName) {
        val += "";
      } else if (resolvedKey[0] === "?") {
        val += this.indentate(level) + "<" + resolvedKey + "?" + this.tagEndChar;
      } else {
        val += this.indentate(level) + "<" + resolvedKey + "/" + this.tagEndChar;
      }
    } else if (jObj[key] instanceof Date) {
      val += this.buildTextValNode(jObj[key], resolvedKey, "", level, matcher);
    } else if (typeof jObj[key] !== "object") {
      const attr = this.isAttribute(key);
      if (attr && !this.ignoreAttributesFn(attr, jPath)) {
        const resolvedAttr = resolveName(attr, true, this.options, matcher, qNameValidator);
        attrStr += this.buildAttrPairStr(resolvedAttr, valToStr(jObj[key]), isCurrentStopNode);
      } else if (!attr) {
        if (key === this.options.textNodeName) {
          let newval = this.options.tagValueProcessor(key, valToStr(jObj[key]));
          val += this.replaceEntitiesValue(newval);
        } else {
          matcher.push(resolvedKey);
          const isStopNode = this.checkStopNode(matcher);
          matcher.pop();
          if (isStopNode) {
            const textValue = valToStr(jObj[key]);
            if (textValue === "") {
              val += this.indentate(level) + "<" + resolvedKey + this.closeTag(resolvedKey) + this.tagEndChar;
            } else {
              val += this.indentate(level) + "<" + resolvedKey + ">" + textValue + "</" + resolvedKey + this.tagEndChar;
            }
          } else {
            val += this.buildTextValNode(jObj[key], resolvedKey, "", level, matcher);
          }
        }
      }
    } else if (Array.isArray(jObj[key])) {
      const arrLen = jObj[key].length;
      let listTagVal = "";
      let listTagAttr = "";
      for (let j = 0; j < arrLen; j++) {
        const item = jObj[key][j];
        if (typeof item === "undefined") {
        } else if (item === null) {
          if (resolvedKey[0] === "?") val += this.indentate(level) + "<" + resolvedKey + "?" + this.tagEndChar;
          else val += this.indentate(level) + "<" + resolvedKey + "/" + this.tagEndChar;
        } else if (typeof item === "object") {
          if (this.options.oneListGroup) {
            matcher.push(resolvedKey);
            const result = this.j2x(item, level + 1, matcher, qNameValidator);
            matcher.pop();
            listTagVal += result.val;
            if (this.options.attributesGroupName && item.hasOwnProperty(this.options.attributesGroupName)) {
              listTagAttr += result.attrStr;
            }
          } else {
            listTagVal += this.processTextOrObjNode(item, resolvedKey, level, matcher, qNameValidator);
          }
        } else {
          if (this.options.oneListGroup) {
            let textValue = this.options.tagValueProcessor(resolvedKey, item);
            textValue = this.replaceEntitiesValue(textValue);
            textValue = valToStr(textValue);
            listTagVal += textValue;
          } else {
            matcher.push(resolvedKey);
            const isStopNode = this.checkStopNode(matcher);
            matcher.pop();
            if (isStopNode) {
              const textValue = valToStr(item);
              if (textValue === "") {
                listTagVal += this.indentate(level) + "<" + resolvedKey + this.closeTag(resolvedKey) + this.tagEndChar;
              } else {
                listTagVal += this.indentate(level) + "<" + resolvedKey + ">" + textValue + "</" + resolvedKey + this.tagEndChar;
              }
            } else {
              listTagVal += this.buildTextValNode(item, resolvedKey, "", level, matcher);
            }
          }
        }
      }
      if (this.options.oneListGroup) {
        listTagVal = this.buildObjectNode(listTagVal, resolvedKey, listTagAttr, level);
      }
      val += listTagVal;
    } else {
      if (this.options.attributesGroupName && key === this.options.attributesGroupName) {
        const Ks = Object.keys(jObj[key]);
        const L = Ks.length;
        for (let j = 0; j < L; j++) {
          const resolvedAttr = resolveName(Ks[j], true, this.options, matcher, qNameValidator);
          attrStr += this.buildAttrPairStr(resolvedAttr, valToStr(jObj[key][Ks[j]]), isCurrentStopNode);
        }
      } else {
        val += this.processTextOrObjNode(jObj[key], resolvedKey, level, matcher, qNameValidator);
      }
    }
  }
  return { attrStr, val };
};
Builder.prototype.buildAttrPairStr = function(attrName, val, isStopNode) {
  if (!isStopNode) {
    val = this.options.attributeValueProcessor(attrName, valToStr(val));
    val = this.replaceEntitiesValue(val);
  }
  if (this.options.suppressBooleanAttributes && val === "true") {
    return " " + attrName;
  } else return " " + attrName + '="' + escapeAttribute(val) + '"';
};
function processTextOrObjNode(object, key, level, matcher, qNameValidator) {
  const attrValues = this.extractAttributes(object);
  matcher.push(key, attrValues);
  const isStopNode = this.checkStopNode(matcher);
  if (isStopNode) {
    const rawContent = this.buildRawContent(object, matcher.getDepth());
    const attrStr = this.buildAttributesForStopNode(object);
    matcher.pop();
    return this.buildObjectNode(rawContent, key, attrStr, level);
  }
  const result = this.j2x(object, level + 1, matcher, qNameValidator);
  matcher.pop();
  if (key[0] === "?") {
    return this.buildTextValNode("", key, result.attrStr, level, matcher);
  } else if (object[this.options.textNodeName] !== void 0 && Object.keys(object).length === 1) {
    return this.buildTextValNode(object[this.options.textNodeName], key, result.attrStr, level, matcher);
  } else {
    return this.buildObjectNode(result.val, key, result.attrStr, level);
  }
}
Builder.prototype.extractAttributes = function(obj) {
  if (!obj || typeof obj !== "object") return null;
  const attrValues = {};
  let hasAttrs = false;
  if (this.options.attributesGroupName && obj[this.options.attributesGroupName]) {
    const attrGroup = obj[this.options.attributesGroupName];
    for (let attrKey in attrGroup) {
      if (!Object.prototype.hasOwnProperty.call(attrGroup, attrKey)) continue;
      const cleanKey = attrKey.startsWith(this.options.attributeNamePrefix) ? attrKey.substring(this.options.attributeNamePrefix.length) : attrKey;
      attrValues[cleanKey] = escapeAttribute(attrGroup[attrKey]);
      hasAttrs = true;
    }
  } else {
    for (let key in obj) {
      if (!Object.prototype.hasOwnProperty.call(obj, key)) continue;
      const attr = this.isAttribute(key);
      if (attr) {
        attrValues[attr] = escapeAttribute(obj[key]);
        hasAttrs = true;
      }
    }
  }
  return hasAttrs ? attrValues : null;
};
Builder.prototype.buildRawContent = function(obj, depth = 0) {
  if (this.options.maxNestedTags && depth >= this.options.maxNestedTags) {
    throw new Error("Maximum nested tags exceeded");
  }
  if (typeof obj === "string") {
    return obj;
  }
  if (typeof obj !== "object" || obj === null) {
    return String(obj);
  }
  if (obj[this.options.textNodeName] !== void 0) {
    return obj[this.options.textNodeName];
  }
  let content = "";
  for (let key in obj) {
    if (!Object.prototype.hasOwnProperty.call(obj, key)) continue;
    if (this.isAttribute(key)) continue;
    if (this.options.attributesGroupName && key === this.options.attributesGroupName) continue;
    const value = obj[key];
    if (key === this.options.textNodeName) {
      content += value;
    } else if (Array.isArray(value)) {
      for (let item of value) {
        if (typeof item === "string" || typeof item === "number") {
          content += `<${key}>${item}</${key}>`;
        } else if (typeof item === "object" && item !== null) {
          const nestedContent = this.buildRawContent(item, depth + 1);
          const nestedAttrs = this.buildAttributesForStopNode(item);
          if (nestedContent === "") {
            content += `<${key}${nestedAttrs}/>`;
          } else {
            content += `<${key}${nestedAttrs}>${nestedContent}</${key}>`;
          }
        }
      }
    } else if (typeof value === "object" && value !== null) {
      const nestedContent = this.buildRawContent(value, depth + 1);
      const nestedAttrs = this.buildAttributesForStopNode(value);
      if (nestedContent === "") {
        content += `<${key}${nestedAttrs}/>`;
      } else {
        content += `<${key}${nestedAttrs}>${nestedContent}</${key}>`;
      }
    } else {
      content += `<${key}>${value}</${key}>`;
    }
  }
  return content;
};
Builder.prototype.buildAttributesForStopNode = function(obj) {
  if (!obj || typeof obj !== "object") return "";
  let attrStr = "";
  if (this.options.attributesGroupName && obj[this.options.attributesGroupName]) {
    const attrGroup = obj[this.options.attributesGroupName];
    for (let attrKey in attrGroup) {
      if (!Object.prototype.hasOwnProperty.call(attrGroup, attrKey)) continue;
      const cleanKey = attrKey.startsWith(this.options.attributeNamePrefix) ? attrKey.substring(this.options.attributeNamePrefix.length) : attrKey;
      const val = attrGroup[attrKey];
      if (val === true && this.options.suppressBooleanAttributes) {
        attrStr += " " + cleanKey;
      } else {
        attrStr += " " + cleanKey + '="' + escapeAttribute(val) + '"';
      }
    }
  } else {
    for (let key in obj) {
      if (!Object.prototype.hasOwnProperty.call(obj, key)) continue;
      const attr = this.isAttribute(key);
      if (attr) {
        const val = obj[key];
        if (val === true && this.options.suppressBooleanAttributes) {
          attrStr += " " + attr;
        } else {
          attrStr += " " + attr + '="' + escapeAttribute(val) + '"';
        }
      }
    }
  }
  return attrStr;
};
Builder.prototype.buildObjectNode = function(val, key, attrStr, level) {
  if (val === "") {
    if (key[0] === "?") return this.indentate(level) + "<" + key + attrStr + "?" + this.tagEndChar;
    else {
      return this.indentate(level) + "<" + key + attrStr + this.closeTag(key) + this.tagEndChar;
    }
  } else if (key[0] === "?") {
    return this.indentate(level) + "<" + key + attrStr + "?" + this.tagEndChar;
  } else {
    let tagEndExp = "</" + key + this.tagEndChar;
    let piClosingChar = "";
    if (key[0] === "?") {
      piClosingChar = "?";
      tagEndExp = "";
    }
    if ((attrStr || attrStr === "") && val.indexOf("<") === -1) {
      return this.indentate(level) + "<" + key + attrStr + piClosingChar + ">" + val + tagEndExp;
    } else if (this.options.commentPropName !== false && key === this.options.commentPropName && piClosingChar.length === 0) {
      return this.indentate(level) + `<!--${safeComment(val)}-->` + this.newLine;
    } else {
      return this.indentate(level) + "<" + key + attrStr + piClosingChar + this.tagEndChar + val + this.indentate(level) + tagEndExp;
    }
  }
};
Builder.prototype.closeTag = function(key) {
  let closeTag = "";
  if (this.options.unpairedTags.indexOf(key) !== -1) {
    if (!this.options.suppressUnpairedNode) closeTag = "/";
  } else if (this.options.suppressEmptyNode) {
    closeTag = "/";
  } else {
    closeTag = `></${key}`;
  }
  return closeTag;
};
Builder.prototype.checkStopNode = function(matcher) {
  if (!this.stopNodeExpressions || this.stopNodeExpressions.length === 0) return false;
  for (let i = 0; i < this.stopNodeExpressions.length; i++) {
    if (matcher.matches(this.stopNodeExpressions[i])) {
      return true;
    }
  }
  return false;
};
Builder.prototype.buildTextValNode = function(val, key, attrStr, level, matcher) {
  if (this.options.cdataPropName !== false && key === this.options.cdataPropName) {
    const safeVal = safeCdata(val);
    return this.indentate(level) + `<![CDATA[${safeVal}]]>` + this.newLine;
  } else if (this.options.commentPropName !== false && key === this.options.commentPropName) {
    const safeVal = safeComment(val);
    return this.indentate(level) + `<!--${safeVal}-->` + this.newLine;
  } else if (key[0] === "?") {
    return this.indentate(level) + "<" + key + attrStr + "?" + this.tagEndChar;
  } else {
    let textValue = this.options.tagValueProcessor(key, val);
    textValue = this.replaceEntitiesValue(textValue);
    textValue = valToStr(textValue);
    if (textValue === "") {
      return this.indentate(level) + "<" + key + attrStr + this.closeTag(key) + this.tagEndChar;
    } else {
      return this.indentate(level) + "<" + key + attrStr + ">" + textValue + "</" + key + this.tagEndChar;
    }
  }
};
Builder.prototype.replaceEntitiesValue = function(textValue) {
  if (textValue && textValue.length > 0 && this.options.processEntities) {
    for (let i = 0; i < this.options.entities.length; i++) {
      const entity = this.options.entities[i];
      textValue = textValue.replace(entity.regex, entity.val);
    }
  }
  return textValue;
};
function indentate(level) {
  return this.options.indentBy.repeat(level);
}
function isAttribute(name) {
  if (name.startsWith(this.options.attributeNamePrefix) && name !== this.options.textNodeName) {
    return name.substr(this.attrPrefixLen);
  } else {
    return false;
  }
}

// node_modules/fast-xml-parser/src/xmlbuilder/json2xml.js
var json2xml_default = Builder;

// node_modules/fast-xml-parser/src/fxp.js
var XMLValidator = {
  validate: validate3
};

// src/report/sweep-chart.ts
function sweepChartData(comparisons) {
  return comparisons.flatMap((comparison) => {
    const groups = [...new Set(comparison.steps.flatMap((s) => s.sweep ? [s.sweep.group] : []))];
    return groups.map((group) => {
      const steps = comparison.steps.flatMap((s) => s.sweep?.group === group ? [{ ...s, clients: s.sweep.clients }] : []).sort((a, b) => a.clients - b.clients);
      const points = (value) => steps.flatMap((step) => value(step) ?? []);
      return {
        group,
        label: comparison.label,
        base: comparison.base_variant,
        clients: steps.map((s) => s.clients),
        relative: comparison.variants.map((variant) => ({
          variant,
          points: points((step) => {
            const result = step.variants.find((v) => v.variant === variant);
            return result?.qps ? { clients: step.clients, value: result.qps.estimate, verdict: result.verdict } : null;
          })
        })),
        absolute: [comparison.base_variant, ...comparison.variants].map((variant) => ({
          variant,
          points: points((step) => {
            const qps = step.absolute.find((a) => a.variant === variant)?.ops_per_s;
            return qps === null || qps === void 0 ? null : { clients: step.clients, value: qps };
          })
        }))
      };
    });
  });
}
var WIDTH = 960;
var HEIGHT = 420;
var PANEL_WIDTH = WIDTH / 2;
var PLOT = { left: 70, right: 20, top: 60, bottom: 90 };
var X_INSET = 16;
var PLOT_WIDTH = PANEL_WIDTH - PLOT.left - PLOT.right;
var PLOT_HEIGHT = HEIGHT - PLOT.top - PLOT.bottom;
var COLORS = ["#000000", "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442"];
var REGRESSION_COLOR = "#C00000";
function niceStep(span, count) {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}
function ticksOf(min2, max2, step) {
  const ticks = [];
  for (let i = Math.ceil(min2 / step - 1e-9); i * step <= max2 + step * 1e-9; i++) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}
function relativeAxis(series) {
  const [min2, max2] = axisRange(series.flatMap((s) => s.points.map((p) => p.value)));
  return { min: min2, max: max2, ticks: ticksOf(min2, max2, niceStep(max2 - min2, 5)), format: formatRatio };
}
function absoluteAxis(series) {
  const top = Math.max(0, ...series.flatMap((s) => s.points.map((p) => p.value)));
  const step = top > 0 ? niceStep(top, 5) : 1;
  const max2 = (Math.floor(top / step) + 1) * step;
  return { min: 0, max: max2, ticks: ticksOf(0, max2, step), format: formatAmount };
}
var coordinate = (value) => Number(value.toFixed(1));
function panel(x0, title, axis, clients, series, colorOf, reference) {
  const [first2, last] = [clients[0], clients[clients.length - 1]];
  const span = Math.log2(last) - Math.log2(first2);
  const x = (n) => coordinate(x0 + PLOT.left + X_INSET + (span === 0 ? PLOT_WIDTH / 2 - X_INSET : (Math.log2(n) - Math.log2(first2)) / span * (PLOT_WIDTH - 2 * X_INSET)));
  const y = (value) => coordinate(PLOT.top + PLOT_HEIGHT - (value - axis.min) / (axis.max - axis.min) * PLOT_HEIGHT);
  const [left, right, top, bottom] = [x0 + PLOT.left, x0 + PLOT.left + PLOT_WIDTH, PLOT.top, PLOT.top + PLOT_HEIGHT];
  return {
    "@_class": "panel",
    "@_data-title": title,
    text: { "@_x": coordinate(x0 + PANEL_WIDTH / 2), "@_y": 40, "@_text-anchor": "middle", "@_font-weight": "bold", "#text": title },
    g: [
      {
        "@_class": "y-axis",
        g: axis.ticks.map((value) => ({
          "@_class": "y-tick",
          "@_data-value": value,
          line: { "@_x1": left, "@_x2": right, "@_y1": y(value), "@_y2": y(value), "@_stroke": "#e0e0e0" },
          text: { "@_x": left - 8, "@_y": y(value) + 4, "@_text-anchor": "end", "#text": axis.format(value) }
        })),
        line: { "@_x1": left, "@_x2": left, "@_y1": top, "@_y2": bottom, "@_stroke": "#333333" }
      },
      {
        "@_class": "x-axis",
        g: clients.map((n) => ({
          "@_class": "x-tick",
          "@_data-clients": n,
          line: { "@_x1": x(n), "@_x2": x(n), "@_y1": bottom, "@_y2": bottom + 5, "@_stroke": "#333333" },
          text: { "@_x": x(n), "@_y": bottom + 20, "@_text-anchor": "middle", "#text": String(n) }
        })),
        line: { "@_x1": left, "@_x2": right, "@_y1": bottom, "@_y2": bottom, "@_stroke": "#333333" },
        text: { "@_x": coordinate((left + right) / 2), "@_y": bottom + 42, "@_text-anchor": "middle", "#text": "clients" }
      },
      ...reference ? [
        {
          "@_class": "reference",
          line: { "@_x1": left, "@_x2": right, "@_y1": y(reference.value), "@_y2": y(reference.value), "@_stroke": "#777777", "@_stroke-dasharray": "6 4" },
          text: { "@_x": right, "@_y": y(reference.value) - 6, "@_text-anchor": "end", "@_fill": "#777777", "#text": reference.label }
        }
      ] : [],
      ...series.map((s) => ({
        "@_class": "series",
        "@_data-variant": s.variant,
        polyline: { "@_points": s.points.map((p) => `${x(p.clients)},${y(p.value)}`).join(" "), "@_fill": "none", "@_stroke": colorOf(s.variant), "@_stroke-width": 2 },
        circle: s.points.map((p) => {
          const regressed2 = p.verdict === "regression";
          return {
            "@_cx": x(p.clients),
            "@_cy": y(p.value),
            "@_r": regressed2 ? 6 : 4,
            "@_fill": regressed2 ? REGRESSION_COLOR : colorOf(s.variant),
            "@_data-clients": p.clients,
            ...p.verdict && { "@_data-verdict": p.verdict },
            title: `${s.variant} at ${p.clients} client${p.clients === 1 ? "" : "s"}: ${axis.format(p.value)}${p.verdict && p.verdict !== "unchanged" ? ` (${p.verdict})` : ""}`
          };
        })
      }))
    ]
  };
}
var builder = new json2xml_default({ ignoreAttributes: false, attributeNamePrefix: "@_", textNodeName: "#text", format: true, suppressEmptyNode: true });
function sweepChartSvg(data) {
  const variants = data.absolute.map((s) => s.variant);
  const colorOf = (variant) => COLORS[variants.indexOf(variant) % COLORS.length] ?? COLORS[0];
  const title = `${data.group}${data.label ? ` \xB7 ${data.label}` : ""}: QPS per client count`;
  const legendY = HEIGHT - 14;
  const regressed2 = data.relative.some((s) => s.points.some((p) => p.verdict === "regression"));
  const svg = {
    "@_xmlns": "http://www.w3.org/2000/svg",
    "@_width": WIDTH,
    "@_height": HEIGHT,
    "@_viewBox": `0 0 ${WIDTH} ${HEIGHT}`,
    "@_font-family": "sans-serif",
    "@_font-size": 12,
    title,
    rect: { "@_width": WIDTH, "@_height": HEIGHT, "@_fill": "#ffffff" },
    text: { "@_x": WIDTH / 2, "@_y": 18, "@_text-anchor": "middle", "@_font-size": 14, "#text": title },
    g: [
      panel(0, `relative QPS (variant / ${data.base})`, relativeAxis(data.relative), data.clients, data.relative, colorOf, { value: 1, label: `1.00 = ${data.base}` }),
      panel(PANEL_WIDTH, "QPS (median)", absoluteAxis(data.absolute), data.clients, data.absolute, colorOf, null),
      {
        "@_class": "legend",
        g: variants.map((variant, i) => ({
          "@_class": "legend-entry",
          line: { "@_x1": PLOT.left + i * 160, "@_x2": PLOT.left + i * 160 + 24, "@_y1": legendY - 4, "@_y2": legendY - 4, "@_stroke": colorOf(variant), "@_stroke-width": 2 },
          text: { "@_x": PLOT.left + i * 160 + 30, "@_y": legendY, "#text": variant }
        })),
        ...regressed2 && {
          circle: { "@_cx": WIDTH - 200, "@_cy": legendY - 4, "@_r": 6, "@_fill": REGRESSION_COLOR },
          text: { "@_x": WIDTH - 188, "@_y": legendY, "#text": "regression at that count" }
        }
      }
    ]
  };
  return `<?xml version="1.0" encoding="UTF-8"?>
${builder.build({ svg })}`;
}
function sweepCharts(comparisons) {
  return sweepChartData(comparisons).map((data) => ({ group: data.group, label: data.label, svg: sweepChartSvg(data) }));
}
function sweepChartFileName(stem, chart) {
  return `${[stem, chart.group, ...chart.label ? [chart.label] : []].join(".").replace(/[^A-Za-z0-9._-]/g, "_")}.svg`;
}

// src/publish/charts.ts
async function writeSweepCharts(dir, resultsFile, comparisons) {
  const charts = sweepCharts(comparisons);
  if (charts.length === 0) return [];
  await mkdir10(dir, { recursive: true });
  const stem = path21.basename(resultsFile, path21.extname(resultsFile));
  const files = [];
  for (const chart of charts) {
    const file = path21.join(dir, sweepChartFileName(stem, chart));
    await writeFile7(file, chart.svg);
    files.push(file);
  }
  return files;
}

// src/measure-and-write.ts
async function measureAndWrite(plan, options) {
  const measured = await runBenchmark({ ...plan.run, functionsDir: functionsDirOf(options.resultsFile) }, options.registry, options.log, realPorts);
  const floored = options.noiseFloor ? { ...measured, noise_floor: options.noiseFloor } : measured;
  const results = options.amend ? options.amend(floored) : floored;
  options.registry.signal.throwIfAborted();
  await writeResults(options.resultsFile, results);
  options.log.info(`results: ${options.resultsFile}`);
  return results;
}

export {
  allowedCpus,
  median,
  rankSumTest,
  unpairedShift,
  DEFAULT_THRESHOLDS,
  howCounted,
  ThresholdsInputSchema,
  parseShard,
  formatShard,
  VariantSchema,
  METRIC_KEYS,
  MAX_RESULTS_FILE_BYTES,
  tooLargeError,
  parseResults,
  parseJson,
  readCapped,
  readResults,
  readNoiseFloor,
  parseNoiseFloor,
  writeAtomically,
  writeResults,
  judgingCommit,
  git,
  blobAt,
  readJudgingFile,
  changedJudgingFiles,
  builtinDir,
  loadProfile,
  builtinProfileNames,
  builtinProfileSummaries,
  parseConfigText,
  loadConfigFile,
  CONFIG_FILE_NAME,
  loadConfigAt,
  loadConfigFromCommit,
  require_picomatch2 as require_picomatch,
  thresholdResolver,
  storedJudging,
  parseVariantFlag,
  defaultCacheDir,
  resolveJudging,
  DEFAULT_PROFILE,
  makePlan,
  markdownTable,
  FAIL_ON,
  DEFAULT_FAIL_ON,
  parseFailOn,
  stepsWithVerdict,
  decideGate,
  gateHeadline,
  gateMessage,
  NONE,
  formatInterval,
  formatTsvNumber,
  shortSha,
  plural,
  trendChart,
  comparisonLabels,
  columnsOf,
  rowsOf,
  stripControl,
  escapeMarkdown,
  inlineCode,
  repoLink,
  runLabels,
  parseRunnerCost,
  IBENCH_FIELDS,
  ibenchTables,
  COMMENT_LIMIT,
  commentMarker,
  measuringBody,
  resultsRunOf,
  renderMarkdown,
  hardCut,
  withCleanup,
  compareRun,
  compareAgainstBaseline,
  touchPrNamespace,
  capBuildCache,
  functionsTsv,
  linesTsv,
  functionsDirOf,
  readStepProfile,
  profiledSteps,
  compareStepProfiles,
  whereCostItems,
  keepFunctionComparisons,
  aaSpreadsOf,
  VERSION,
  fingerprintMismatches,
  CLI_BISECT_FIELDS,
  commitsBetween,
  bisect,
  XMLParser,
  json2xml_default,
  XMLValidator,
  bisectMarkdown,
  alertBisectMarkdown,
  measureAndWrite,
  writeSweepCharts,
  mergeShards
};
