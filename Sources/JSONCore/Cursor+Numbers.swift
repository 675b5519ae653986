// Numbers as JSON: integers without a fraction, others in their shortest round-tripping
// form, rounded decimals in plain notation.
extension Cursor {
    /// The most bytes a number takes: `-9223372036854775808` or Swift's longest `Double`
    /// description (`-2.2250738585072014e-308`, 24 bytes).
    @inlinable public static var maxNumberLength: Int { 24 }

    /// Stores a number: integers without a fraction, others in their shortest
    /// round-tripping form, non-finite ones as `null`.
    @inlinable @inline(__always)
    public mutating func number(_ value: Double) {
        // Geometry is mostly small non-negative integers: those below 1,000 are copied from a
        // table, every other number takes the call. Adding 2^52 to a `Double` in [0, 2^52)
        // rounds it to an integer that the sum's bit pattern holds in its low bits; the
        // difference of the patterns is out of range for any other value (negative, NaN,
        // infinite or larger), and the integer is the value when subtracting 2^52 again gives
        // it back (`-0` gives 0, equal to it, and is written as `0`).
        let shifted = value + 0x1p52
        let integer = shifted.bitPattern &- (0x1p52 as Double).bitPattern
        if integer < 1000, shifted - 0x1p52 == value {
            smallInteger(Int(truncatingIfNeeded: integer))
        } else {
            // The cursor is passed by value, so that it can stay in a register here.
            position += cursorOtherNumber(value, at: position)
        }
    }

    /// "0  \u{1}", "1  \u{1}", … "10 \u{2}", … "999\u{3}": the integers below 1,000, four
    /// bytes each: the digits padded with spaces to three, then their count (a byte of that
    /// value: added to the cursor as it is).
    @usableFromInline static let smallIntegers: StaticString = """
        0  \u{1}1  \u{1}2  \u{1}3  \u{1}4  \u{1}5  \u{1}6  \u{1}7  \u{1}8  \u{1}9  \u{1}\
        10 \u{2}11 \u{2}12 \u{2}13 \u{2}14 \u{2}15 \u{2}16 \u{2}17 \u{2}18 \u{2}19 \u{2}\
        20 \u{2}21 \u{2}22 \u{2}23 \u{2}24 \u{2}25 \u{2}26 \u{2}27 \u{2}28 \u{2}29 \u{2}\
        30 \u{2}31 \u{2}32 \u{2}33 \u{2}34 \u{2}35 \u{2}36 \u{2}37 \u{2}38 \u{2}39 \u{2}\
        40 \u{2}41 \u{2}42 \u{2}43 \u{2}44 \u{2}45 \u{2}46 \u{2}47 \u{2}48 \u{2}49 \u{2}\
        50 \u{2}51 \u{2}52 \u{2}53 \u{2}54 \u{2}55 \u{2}56 \u{2}57 \u{2}58 \u{2}59 \u{2}\
        60 \u{2}61 \u{2}62 \u{2}63 \u{2}64 \u{2}65 \u{2}66 \u{2}67 \u{2}68 \u{2}69 \u{2}\
        70 \u{2}71 \u{2}72 \u{2}73 \u{2}74 \u{2}75 \u{2}76 \u{2}77 \u{2}78 \u{2}79 \u{2}\
        80 \u{2}81 \u{2}82 \u{2}83 \u{2}84 \u{2}85 \u{2}86 \u{2}87 \u{2}88 \u{2}89 \u{2}\
        90 \u{2}91 \u{2}92 \u{2}93 \u{2}94 \u{2}95 \u{2}96 \u{2}97 \u{2}98 \u{2}99 \u{2}\
        100\u{3}101\u{3}102\u{3}103\u{3}104\u{3}105\u{3}106\u{3}107\u{3}108\u{3}109\u{3}\
        110\u{3}111\u{3}112\u{3}113\u{3}114\u{3}115\u{3}116\u{3}117\u{3}118\u{3}119\u{3}\
        120\u{3}121\u{3}122\u{3}123\u{3}124\u{3}125\u{3}126\u{3}127\u{3}128\u{3}129\u{3}\
        130\u{3}131\u{3}132\u{3}133\u{3}134\u{3}135\u{3}136\u{3}137\u{3}138\u{3}139\u{3}\
        140\u{3}141\u{3}142\u{3}143\u{3}144\u{3}145\u{3}146\u{3}147\u{3}148\u{3}149\u{3}\
        150\u{3}151\u{3}152\u{3}153\u{3}154\u{3}155\u{3}156\u{3}157\u{3}158\u{3}159\u{3}\
        160\u{3}161\u{3}162\u{3}163\u{3}164\u{3}165\u{3}166\u{3}167\u{3}168\u{3}169\u{3}\
        170\u{3}171\u{3}172\u{3}173\u{3}174\u{3}175\u{3}176\u{3}177\u{3}178\u{3}179\u{3}\
        180\u{3}181\u{3}182\u{3}183\u{3}184\u{3}185\u{3}186\u{3}187\u{3}188\u{3}189\u{3}\
        190\u{3}191\u{3}192\u{3}193\u{3}194\u{3}195\u{3}196\u{3}197\u{3}198\u{3}199\u{3}\
        200\u{3}201\u{3}202\u{3}203\u{3}204\u{3}205\u{3}206\u{3}207\u{3}208\u{3}209\u{3}\
        210\u{3}211\u{3}212\u{3}213\u{3}214\u{3}215\u{3}216\u{3}217\u{3}218\u{3}219\u{3}\
        220\u{3}221\u{3}222\u{3}223\u{3}224\u{3}225\u{3}226\u{3}227\u{3}228\u{3}229\u{3}\
        230\u{3}231\u{3}232\u{3}233\u{3}234\u{3}235\u{3}236\u{3}237\u{3}238\u{3}239\u{3}\
        240\u{3}241\u{3}242\u{3}243\u{3}244\u{3}245\u{3}246\u{3}247\u{3}248\u{3}249\u{3}\
        250\u{3}251\u{3}252\u{3}253\u{3}254\u{3}255\u{3}256\u{3}257\u{3}258\u{3}259\u{3}\
        260\u{3}261\u{3}262\u{3}263\u{3}264\u{3}265\u{3}266\u{3}267\u{3}268\u{3}269\u{3}\
        270\u{3}271\u{3}272\u{3}273\u{3}274\u{3}275\u{3}276\u{3}277\u{3}278\u{3}279\u{3}\
        280\u{3}281\u{3}282\u{3}283\u{3}284\u{3}285\u{3}286\u{3}287\u{3}288\u{3}289\u{3}\
        290\u{3}291\u{3}292\u{3}293\u{3}294\u{3}295\u{3}296\u{3}297\u{3}298\u{3}299\u{3}\
        300\u{3}301\u{3}302\u{3}303\u{3}304\u{3}305\u{3}306\u{3}307\u{3}308\u{3}309\u{3}\
        310\u{3}311\u{3}312\u{3}313\u{3}314\u{3}315\u{3}316\u{3}317\u{3}318\u{3}319\u{3}\
        320\u{3}321\u{3}322\u{3}323\u{3}324\u{3}325\u{3}326\u{3}327\u{3}328\u{3}329\u{3}\
        330\u{3}331\u{3}332\u{3}333\u{3}334\u{3}335\u{3}336\u{3}337\u{3}338\u{3}339\u{3}\
        340\u{3}341\u{3}342\u{3}343\u{3}344\u{3}345\u{3}346\u{3}347\u{3}348\u{3}349\u{3}\
        350\u{3}351\u{3}352\u{3}353\u{3}354\u{3}355\u{3}356\u{3}357\u{3}358\u{3}359\u{3}\
        360\u{3}361\u{3}362\u{3}363\u{3}364\u{3}365\u{3}366\u{3}367\u{3}368\u{3}369\u{3}\
        370\u{3}371\u{3}372\u{3}373\u{3}374\u{3}375\u{3}376\u{3}377\u{3}378\u{3}379\u{3}\
        380\u{3}381\u{3}382\u{3}383\u{3}384\u{3}385\u{3}386\u{3}387\u{3}388\u{3}389\u{3}\
        390\u{3}391\u{3}392\u{3}393\u{3}394\u{3}395\u{3}396\u{3}397\u{3}398\u{3}399\u{3}\
        400\u{3}401\u{3}402\u{3}403\u{3}404\u{3}405\u{3}406\u{3}407\u{3}408\u{3}409\u{3}\
        410\u{3}411\u{3}412\u{3}413\u{3}414\u{3}415\u{3}416\u{3}417\u{3}418\u{3}419\u{3}\
        420\u{3}421\u{3}422\u{3}423\u{3}424\u{3}425\u{3}426\u{3}427\u{3}428\u{3}429\u{3}\
        430\u{3}431\u{3}432\u{3}433\u{3}434\u{3}435\u{3}436\u{3}437\u{3}438\u{3}439\u{3}\
        440\u{3}441\u{3}442\u{3}443\u{3}444\u{3}445\u{3}446\u{3}447\u{3}448\u{3}449\u{3}\
        450\u{3}451\u{3}452\u{3}453\u{3}454\u{3}455\u{3}456\u{3}457\u{3}458\u{3}459\u{3}\
        460\u{3}461\u{3}462\u{3}463\u{3}464\u{3}465\u{3}466\u{3}467\u{3}468\u{3}469\u{3}\
        470\u{3}471\u{3}472\u{3}473\u{3}474\u{3}475\u{3}476\u{3}477\u{3}478\u{3}479\u{3}\
        480\u{3}481\u{3}482\u{3}483\u{3}484\u{3}485\u{3}486\u{3}487\u{3}488\u{3}489\u{3}\
        490\u{3}491\u{3}492\u{3}493\u{3}494\u{3}495\u{3}496\u{3}497\u{3}498\u{3}499\u{3}\
        500\u{3}501\u{3}502\u{3}503\u{3}504\u{3}505\u{3}506\u{3}507\u{3}508\u{3}509\u{3}\
        510\u{3}511\u{3}512\u{3}513\u{3}514\u{3}515\u{3}516\u{3}517\u{3}518\u{3}519\u{3}\
        520\u{3}521\u{3}522\u{3}523\u{3}524\u{3}525\u{3}526\u{3}527\u{3}528\u{3}529\u{3}\
        530\u{3}531\u{3}532\u{3}533\u{3}534\u{3}535\u{3}536\u{3}537\u{3}538\u{3}539\u{3}\
        540\u{3}541\u{3}542\u{3}543\u{3}544\u{3}545\u{3}546\u{3}547\u{3}548\u{3}549\u{3}\
        550\u{3}551\u{3}552\u{3}553\u{3}554\u{3}555\u{3}556\u{3}557\u{3}558\u{3}559\u{3}\
        560\u{3}561\u{3}562\u{3}563\u{3}564\u{3}565\u{3}566\u{3}567\u{3}568\u{3}569\u{3}\
        570\u{3}571\u{3}572\u{3}573\u{3}574\u{3}575\u{3}576\u{3}577\u{3}578\u{3}579\u{3}\
        580\u{3}581\u{3}582\u{3}583\u{3}584\u{3}585\u{3}586\u{3}587\u{3}588\u{3}589\u{3}\
        590\u{3}591\u{3}592\u{3}593\u{3}594\u{3}595\u{3}596\u{3}597\u{3}598\u{3}599\u{3}\
        600\u{3}601\u{3}602\u{3}603\u{3}604\u{3}605\u{3}606\u{3}607\u{3}608\u{3}609\u{3}\
        610\u{3}611\u{3}612\u{3}613\u{3}614\u{3}615\u{3}616\u{3}617\u{3}618\u{3}619\u{3}\
        620\u{3}621\u{3}622\u{3}623\u{3}624\u{3}625\u{3}626\u{3}627\u{3}628\u{3}629\u{3}\
        630\u{3}631\u{3}632\u{3}633\u{3}634\u{3}635\u{3}636\u{3}637\u{3}638\u{3}639\u{3}\
        640\u{3}641\u{3}642\u{3}643\u{3}644\u{3}645\u{3}646\u{3}647\u{3}648\u{3}649\u{3}\
        650\u{3}651\u{3}652\u{3}653\u{3}654\u{3}655\u{3}656\u{3}657\u{3}658\u{3}659\u{3}\
        660\u{3}661\u{3}662\u{3}663\u{3}664\u{3}665\u{3}666\u{3}667\u{3}668\u{3}669\u{3}\
        670\u{3}671\u{3}672\u{3}673\u{3}674\u{3}675\u{3}676\u{3}677\u{3}678\u{3}679\u{3}\
        680\u{3}681\u{3}682\u{3}683\u{3}684\u{3}685\u{3}686\u{3}687\u{3}688\u{3}689\u{3}\
        690\u{3}691\u{3}692\u{3}693\u{3}694\u{3}695\u{3}696\u{3}697\u{3}698\u{3}699\u{3}\
        700\u{3}701\u{3}702\u{3}703\u{3}704\u{3}705\u{3}706\u{3}707\u{3}708\u{3}709\u{3}\
        710\u{3}711\u{3}712\u{3}713\u{3}714\u{3}715\u{3}716\u{3}717\u{3}718\u{3}719\u{3}\
        720\u{3}721\u{3}722\u{3}723\u{3}724\u{3}725\u{3}726\u{3}727\u{3}728\u{3}729\u{3}\
        730\u{3}731\u{3}732\u{3}733\u{3}734\u{3}735\u{3}736\u{3}737\u{3}738\u{3}739\u{3}\
        740\u{3}741\u{3}742\u{3}743\u{3}744\u{3}745\u{3}746\u{3}747\u{3}748\u{3}749\u{3}\
        750\u{3}751\u{3}752\u{3}753\u{3}754\u{3}755\u{3}756\u{3}757\u{3}758\u{3}759\u{3}\
        760\u{3}761\u{3}762\u{3}763\u{3}764\u{3}765\u{3}766\u{3}767\u{3}768\u{3}769\u{3}\
        770\u{3}771\u{3}772\u{3}773\u{3}774\u{3}775\u{3}776\u{3}777\u{3}778\u{3}779\u{3}\
        780\u{3}781\u{3}782\u{3}783\u{3}784\u{3}785\u{3}786\u{3}787\u{3}788\u{3}789\u{3}\
        790\u{3}791\u{3}792\u{3}793\u{3}794\u{3}795\u{3}796\u{3}797\u{3}798\u{3}799\u{3}\
        800\u{3}801\u{3}802\u{3}803\u{3}804\u{3}805\u{3}806\u{3}807\u{3}808\u{3}809\u{3}\
        810\u{3}811\u{3}812\u{3}813\u{3}814\u{3}815\u{3}816\u{3}817\u{3}818\u{3}819\u{3}\
        820\u{3}821\u{3}822\u{3}823\u{3}824\u{3}825\u{3}826\u{3}827\u{3}828\u{3}829\u{3}\
        830\u{3}831\u{3}832\u{3}833\u{3}834\u{3}835\u{3}836\u{3}837\u{3}838\u{3}839\u{3}\
        840\u{3}841\u{3}842\u{3}843\u{3}844\u{3}845\u{3}846\u{3}847\u{3}848\u{3}849\u{3}\
        850\u{3}851\u{3}852\u{3}853\u{3}854\u{3}855\u{3}856\u{3}857\u{3}858\u{3}859\u{3}\
        860\u{3}861\u{3}862\u{3}863\u{3}864\u{3}865\u{3}866\u{3}867\u{3}868\u{3}869\u{3}\
        870\u{3}871\u{3}872\u{3}873\u{3}874\u{3}875\u{3}876\u{3}877\u{3}878\u{3}879\u{3}\
        880\u{3}881\u{3}882\u{3}883\u{3}884\u{3}885\u{3}886\u{3}887\u{3}888\u{3}889\u{3}\
        890\u{3}891\u{3}892\u{3}893\u{3}894\u{3}895\u{3}896\u{3}897\u{3}898\u{3}899\u{3}\
        900\u{3}901\u{3}902\u{3}903\u{3}904\u{3}905\u{3}906\u{3}907\u{3}908\u{3}909\u{3}\
        910\u{3}911\u{3}912\u{3}913\u{3}914\u{3}915\u{3}916\u{3}917\u{3}918\u{3}919\u{3}\
        920\u{3}921\u{3}922\u{3}923\u{3}924\u{3}925\u{3}926\u{3}927\u{3}928\u{3}929\u{3}\
        930\u{3}931\u{3}932\u{3}933\u{3}934\u{3}935\u{3}936\u{3}937\u{3}938\u{3}939\u{3}\
        940\u{3}941\u{3}942\u{3}943\u{3}944\u{3}945\u{3}946\u{3}947\u{3}948\u{3}949\u{3}\
        950\u{3}951\u{3}952\u{3}953\u{3}954\u{3}955\u{3}956\u{3}957\u{3}958\u{3}959\u{3}\
        960\u{3}961\u{3}962\u{3}963\u{3}964\u{3}965\u{3}966\u{3}967\u{3}968\u{3}969\u{3}\
        970\u{3}971\u{3}972\u{3}973\u{3}974\u{3}975\u{3}976\u{3}977\u{3}978\u{3}979\u{3}\
        980\u{3}981\u{3}982\u{3}983\u{3}984\u{3}985\u{3}986\u{3}987\u{3}988\u{3}989\u{3}\
        990\u{3}991\u{3}992\u{3}993\u{3}994\u{3}995\u{3}996\u{3}997\u{3}998\u{3}999\u{3}
        """

    /// Stores the digits of `value` (0..<1000) from ``smallIntegers``: a store of its four
    /// bytes (the room for a number allows it), of which the digits are kept; the last byte
    /// says how many (little-endian: the entry's high byte).
    @inlinable @inline(__always)
    mutating func smallInteger(_ value: Int) {
        let entry = UnsafeRawPointer(Self.smallIntegers.utf8Start).loadUnaligned(fromByteOffset: 4 &* value, as: UInt32.self)
        UnsafeMutableRawPointer(position).storeBytes(of: entry, as: UInt32.self)
        position += Int(truncatingIfNeeded: entry &>> 24)
    }

    /// Stores `value` rounded to `fractionDigits` decimals (0...9) in plain notation,
    /// trailing zeros dropped; falls back to ``number(_:)`` beyond that precision's range.
    @usableFromInline mutating func decimal(_ value: Double, fractionDigits: Int) {
        precondition((0...9).contains(fractionDigits), "fractionDigits must be 0...9")
        var unit = 1
        for _ in 0..<fractionDigits { unit *= 10 }
        let scaled = (abs(value) * Double(unit)).rounded()
        guard scaled < 0x1p53 else {   // also NaN and infinity
            number(value)
            return
        }
        let units = Int(scaled)
        if value < 0, units > 0 { byte(UInt8(ascii: "-")) }
        integer(units / unit)
        var fraction = units % unit, digits = fractionDigits
        guard fraction > 0 else { return }
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        byte(UInt8(ascii: "."))
        // The fraction's digits, zero-padded on the left to `digits`.
        for index in stride(from: digits - 1, through: 0, by: -1) {
            position[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
            fraction /= 10
        }
        position += digits
    }

    /// Stores `magnitude` (not negative) from its thousandths when it has at most three
    /// decimals and is below 10^9, in plain notation without trailing zeros (`53.667`, `5.5`,
    /// `1400`); returns false, storing nothing, otherwise (NaN and infinity too).
    @inlinable @inline(__always)
    mutating func thousandths(_ magnitude: Double) -> Bool {
        guard magnitude < 1e9, let units = Self.thousandths(of: magnitude) else { return false }
        // Most geometry's whole part is below 1,000: from the table.
        let whole = units / 1000
        if whole < 1000 { smallInteger(whole) } else { integer(whole) }
        thousandthsFraction(units % 1000)
        return true
    }

    /// The integer t with t / 1000 = `magnitude` (not negative, below 10^9), when it has at
    /// most three decimals; nil otherwise. The decimal t / 1000 that reads back as exactly
    /// this magnitude has the fewest decimals of any that does (another as short lies 0.001
    /// away, far beyond half an ulp), so it is the shortest round-tripping form.
    @inlinable @inline(__always)
    static func thousandths(of magnitude: Double) -> Int? {
        // Rounded to an integer t by adding 2^52, which leaves t in the sum's low bits (the
        // scaled magnitude is below 2^40): the nearest one unless the scaled value is halfway,
        // which no magnitude of three decimals is (and whether t reads back is checked exactly).
        let shifted = magnitude * 1000 + 0x1p52
        guard (shifted - 0x1p52) / 1000 == magnitude else { return nil }
        return Int(truncatingIfNeeded: shifted.bitPattern &- (0x1p52 as Double).bitPattern)
    }

    /// Stores a number off ``cursorOtherNumber(_:at:)``'s path at `position`: an integer a `Double`
    /// holds exactly (below 2^53 in magnitude) without a fraction, another finite number in its
    /// shortest round-tripping form (`description`'s), a non-finite one as `null`. Returns the
    /// number of bytes stored.
    @usableFromInline static func generalNumber(_ value: Double, at position: UnsafeMutablePointer<UInt8>) -> Int {
        var out = Cursor(position)
        // Larger numbers of at most three decimals (an integer from 10,000) from their
        // thousandths, without `description`'s String.
        if value < 0 { out.byte(UInt8(ascii: "-")) }
        if out.thousandths(abs(value)) { return out.position - position }
        out = Cursor(position)
        // The magnitude test first, so that the conversion cannot trap (it also rejects NaN).
        if abs(value) < 0x1p53, Double(Int(value)) == value {
            out.integer(Int(value))
            return out.position - position
        }
        return value.isFinite ? longFraction(value, at: position) : Self.null(at: position)
    }

    /// Stores `value` (finite, no integer) in its shortest round-tripping form at `position`:
    /// most (sums of thousandths such as 369.66700000000003) from their bits, the rest through
    /// `description`. Returns the number of bytes stored.
    @usableFromInline static func longFraction(_ value: Double, at position: UnsafeMutablePointer<UInt8>) -> Int {
        var out = Cursor(position)
        if value < 0 { out.byte(UInt8(ascii: "-")) }
        if out.shortestFraction(abs(value)) { return out.position - position }
        out = Cursor(position)
        var description = value.description
        description.withUTF8 { out.bytes($0) }
        return out.position - position
    }

    /// Stores `null` (a number that is not finite) at `position`; returns its length.
    private static func null(at position: UnsafeMutablePointer<UInt8>) -> Int {
        var out = Cursor(position)
        out.text("null")
        return 4
    }

    /// Stores the decimal digits of `value` (room for 20 bytes).
    @inlinable @inline(__always)
    mutating func integer(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        // Most geometry has up to four digits, found in two tests and written in digit pairs.
        if magnitude < 100 {
            if magnitude < 10 {
                byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
            } else {
                digitPair(Int(truncatingIfNeeded: magnitude))
            }
        } else if magnitude < 10_000 {
            let small = Int(truncatingIfNeeded: magnitude)
            let high = small / 100
            if high < 10 {
                byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: high))
            } else {
                digitPair(high)
            }
            digitPair(small % 100)
        } else {
            // By value, so that the cursor can stay in a register here.
            position += Self.largeMagnitude(magnitude, at: position)
        }
    }

    /// "00", "01", … "99": two digits at a time.
    @usableFromInline static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Stores the two digits of `pair` (0...99).
    @inlinable @inline(__always)
    mutating func digitPair(_ pair: Int) {
        let digits = UnsafeRawPointer(Self.digitPairs.utf8Start).loadUnaligned(fromByteOffset: 2 * pair, as: UInt16.self)
        UnsafeMutableRawPointer(position).storeBytes(of: digits, as: UInt16.self)
        position += 2
    }

    /// Stores the digits of a magnitude of five digits or more at `position` (room for 20
    /// bytes); returns their number.
    @usableFromInline static func largeMagnitude(_ magnitude: UInt, at position: UnsafeMutablePointer<UInt8>) -> Int {
        // Digits backwards from the end of the room, then moved to its start (forwards: the
        // regions may overlap).
        var rest = magnitude, digitCount = 0
        repeat {
            position[19 - digitCount] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            digitCount += 1
            rest /= 10
        } while rest > 0
        for index in 0..<digitCount { position[index] = position[20 - digitCount + index] }
        return digitCount
    }
}
