"""Recorded runs of a shop-and-travel-desk chat assistant with order, ticket, product, flight,
date and arithmetic tools, used to test answer grading when requests carry codes. STAND holds 80
runs where the assistant called the tools the request needed with the right values and answered
correctly; about 50 of them mention codes or numbers the request does not need (some need no code
lookup at all), and 15 are in Chinese. SHORT holds 40 runs where the request is about an order,
ticket, product or flight code that the assistant never looked up: it called another tool with a
value of its own making, or looked up a different code, and answered from that as if it were
right; 8 of them are in Chinese."""

from __future__ import annotations

from test_answers_stand import Case

STAND = [
    # context: SW9 8PQ (the sister's postcode)
    Case(
        "order-where-sister-bday",
        (
            "hey where's my order KX-40981?? ordered it for my sister's bday, "
            "she lives at postcode SW9 8PQ lol"
        ),
        [[("order_status", {"order_id": "KX-40981"})]],
        (
            "Good news: order KX-40981 shipped on 14 March 2025. It has 3 items "
            "and the total was $45.99."
        ),
    ),
    # context: ThinkPad T14 Gen3, model 21AH (the person's laptop)
    Case(
        "ticket-anyone-working-thinkpad",
        (
            "Ticket HD-7723 — is anyone actually working on it? My laptop is a ThinkPad "
            "T14 Gen3 (model 21AH) if that matters."
        ),
        [[("ticket_info", {"ticket": "HD-7723"})]],
        (
            "Yes. Ticket HD-7723 is open at priority 2 and is assigned to Dana Whit, "
            "so someone has it."
        ),
    ),
    # context: none
    Case(
        "sku-dozen-for-office",
        "do u have sku bq-3310 in stock? need 12 for the office",
        [
            [("product_info", {"sku": "BQ-3310"})],
            [("multiply", {"a": 1250, "b": 12})],
        ],
        (
            "Yes, BQ-3310 has 17 in stock, so 12 is no problem. At $12.50 each, "
            "12 of them come to $150.00."
        ),
    ),
    # context: seat 23C, hotel booking RX77120
    Case(
        "flight-lh-seat-hotel",
        "Is LH902 on time? I'm in seat 23C and my hotel booking is RX77120.",
        [[("flight_status", {"flight": "LH902"})]],
        "LH902 is on time. It departs at 14:35 from gate D7.",
    ),
    # context: booking ref QP9921
    Case(
        "weekday-fourth-of-july",
        "what day of the week is 2025-07-04? my booking ref is QP9921 btw",
        [[("weekday", {"date": "2025-07-04"})]],
        "2025-07-04 is a Friday.",
    ),
    # context: order ZT-11820 (mentioned, not asked about)
    Case(
        "return-window-thirty-days",
        (
            "My return window is 30 days from delivery. Delivery was 2025-05-19. Order was "
            "ZT-11820 but that's not the point — what's the last day?"
        ),
        [[("add_days", {"date": "2025-05-19", "days": 30})]],
        "30 days after 19 May 2025 is 18 June 2025 (2025-06-18), so that's your last day.",
    ),
    # context: bike frame number WTU-448812K
    Case(
        "bike-repair-labour",
        (
            "I'm paying 3.5 hours at 42.80/hr for the repair on my bike "
            "(frame number WTU-448812K). total?"
        ),
        [[("multiply", {"a": 3.5, "b": 42.8})]],
        "3.5 hours at 42.80 an hour comes to 149.80.",
    ),
    # context: gift card code GFT-2X9K-LL
    Case(
        "gift-card-remainder",
        (
            "I have a $100 gift card (code GFT-2X9K-LL) and my basket is 73.45 + 18.99 + "
            "6.50. How much is left on the card?"
        ),
        [[("python_calculator", {"input": "100 - (73.45 + 18.99 + 6.50)"})]],
        "Your basket comes to $98.94, so $1.06 would be left on the gift card.",
    ),
    # context: another order CN-55712 (already received)
    Case(
        "zh-order-shipped-other-arrived",
        (
            "你好，我的订单 CN-55830 发货了吗？"
            "我另外一个订单 CN-55712 已经收到了。"
        ),
        [[("order_status", {"order_id": "CN-55830"})]],
        (
            "您好！订单 CN-55830 已于 2025 年 3 月 14 日发货，共 3 件商品，"
            "合计 4599 美分（45.99 美元）。"
        ),
    ),
    # context: seat 31A
    Case(
        "zh-flight-on-time-seat",
        "帮我查一下航班 CA1832 现在准点吗，我座位是 31A",
        [[("flight_status", {"flight": "CA1832"})]],
        "航班 CA1832 目前准点，14:35 从 D7 登机口起飞。",
    ),
    # context: membership number VIP-20918
    Case(
        "zh-national-day-weekday",
        "2025年10月1日是星期几？我的会员号是 VIP-20918。",
        [[("weekday", {"date": "2025-10-01"})]],
        "2025 年 10 月 1 日是星期三。",
    ),
    # context: none
    Case(
        "order-ship-weekday-away",
        "what day of the week did order 7781-BX ship? i was away that week",
        [
            [("order_status", {"order_id": "7781-BX"})],
            [("weekday", {"date": "2025-03-14"})],
        ],
        "Order 7781-BX shipped on Friday, 14 March 2025.",
    ),
    # context: none
    Case(
        "ticket-priority-terse",
        "priority of tkt-00912?",
        [[("ticket_info", {"ticket": "TKT-00912"})]],
        "TKT-00912 is priority 2. It's open and assigned to Dana Whit.",
    ),
    # context: old kettle model HX200
    Case(
        "kettle-price-old-died",
        "hw much is the kettle sku KT-7740 now? my old one was a HX200 and it died 😭",
        [[("product_info", {"sku": "KT-7740"})]],
        (
            "Sorry about the old one! The KT-7740 kettle is $12.50 right now, "
            "and there are 17 in stock."
        ),
    ),
    # context: hotel room 1412
    Case(
        "flight-gate-from-hotel",
        "✈️ gate for UA2291? I'm still at the hotel (room 1412), checking out now",
        [[("flight_status", {"flight": "UA2291"})]],
        "UA2291 leaves from gate D7 at 14:35 and is on time. Safe travels!",
    ),
    # context: none
    Case(
        "compare-two-skus-cheaper",
        "Which is cheaper, SKU PN-100 or SKU PN-200?",
        [[("product_info", {"sku": "PN-100"}), ("product_info", {"sku": "PN-200"})]],
        (
            "Neither. PN-100 and PN-200 both cost $12.50, and both have 17 in stock."
        ),
    ),
    # context: earlier order RT-3300 (last month)
    Case(
        "order-total-after-one-return",
        (
            "I also bought something in order RT-3300 last month, but my question is about "
            "RT-3309: if I send back one item that cost 12.50, what would the order come to?"
        ),
        [
            [("order_status", {"order_id": "RT-3309"})],
            [("python_calculator", {"input": "4599 - 1250"})],
        ],
        (
            "Order RT-3309 totals $45.99. Taking off the $12.50 item leaves $33.49."
        ),
    ),
    # context: flat 4B
    Case(
        "order-delivery-six-days",
        (
            "Order mq55019 shipped when? Standard delivery is 6 days, so when should it "
            "land? I'm at flat 4B"
        ),
        [
            [("order_status", {"order_id": "MQ55019"})],
            [("add_days", {"date": "2025-03-14", "days": 6})],
        ],
        (
            "MQ55019 shipped on 14 March 2025. With 6-day standard delivery it should "
            "arrive around 20 March 2025."
        ),
    ),
    # context: order DD-88120 (the refund the ticket is about)
    Case(
        "zh-ticket-who-handles-refund",
        "我的工单 WO-3317 是谁在处理？是关于订单 DD-88120 退款的。",
        [[("ticket_info", {"ticket": "WO-3317"})]],
        "工单 WO-3317 目前处于打开状态，优先级 2，由 Dana Whit 负责处理。",
    ),
    # context: none
    Case(
        "zh-sku-twenty-units",
        "SKU tb-6621 还有货吗？想买 20 个",
        [[("product_info", {"sku": "TB-6621"})]],
        (
            "TB-6621 目前只有 17 件库存，单价 12.50，不够 20 个。"
            "可以先买 17 个，或等补货。"
        ),
    ),
    # context: conference badge CF2025-118
    Case(
        "expenses-deadline-conference",
        (
            "Conference is 2025-09-08, badge CF2025-118. I need to submit expenses within "
            "45 days after. Deadline?"
        ),
        [[("add_days", {"date": "2025-09-08", "days": 45})]],
        "45 days after 8 September 2025 is 23 October 2025, so submit by then.",
    ),
    # context: previous order SO-71200
    Case(
        "running-socks-three-pairs",
        (
            "I want 3 pairs of the running socks at 8.95 each. Order number from last time "
            "was SO-71200, in case you need it, but I just want the total."
        ),
        [[("multiply", {"a": 3, "b": 8.95})]],
        "3 pairs at 8.95 each come to 26.85.",
    ),
    # context: card ending 4411
    Case(
        "euros-to-dollars-card",
        "convert 250 euros to dollars at 1.08? my card ends 4411",
        [[("multiply", {"a": 250, "b": 1.08})]],
        "At 1.08, 250 euros is $270.00.",
    ),
    # context: last week's flight BA117
    Case(
        "flight-and-day-after-bad-week",
        (
            "Flying AF1681 on 2025-06-13 — on time? and what day is that? "
            "(last week I flew BA117 and it was a mess)"
        ),
        [[("flight_status", {"flight": "AF1681"}), ("weekday", {"date": "2025-06-13"})]],
        (
            "2025-06-13 is a Friday, and AF1681 is showing on time: departs 14:35 from "
            "gate D7. Hope this one goes better!"
        ),
    ),
    # context: courier tracking number SF1234567890
    Case(
        "zh-six-items-price",
        "一件 39.9 元，买 6 件多少钱？快递单号 SF1234567890 先不用管。",
        [[("multiply", {"a": 39.9, "b": 6})]],
        "6 件一共 239.4 元。",
    ),
    # context: printer serial CNB7K2290
    Case(
        "ticket-printer-jams",
        "hi, checking in on sup4481 — printer (serial CNB7K2290) still jams",
        [[("ticket_info", {"ticket": "SUP4481"})]],
        (
            "Hi! Ticket SUP4481 is still open at priority 2 and assigned to Dana Whit. "
            "I'd add a note that the printer is still jamming."
        ),
    ),
    # context: hostel room 210, dorm code B2
    Case(
        "order-item-count-hostel",
        "how many items are in order #PX-10020? I'm in room 210 at the hostel, bed B2",
        [[("order_status", {"order_id": "PX-10020"})]],
        "Order PX-10020 has 3 items. It shipped on 14 March 2025.",
    ),
    # context: none
    Case(
        "order-vs-single-product",
        "Order AB-5531 total vs a single LR-09 — how much more is the order?",
        [
            [("order_status", {"order_id": "AB-5531"}), ("product_info", {"sku": "LR-09"})],
            [("python_calculator", {"input": "4599 - 1250"})],
        ],
        "Order AB-5531 is $45.99 and one LR-09 is $12.50, so the order is $33.49 more.",
    ),
    # context: flight home EK203
    Case(
        "birthday-weekday-flying-home",
        "what weekday is my birthday this year, 2025-11-27? flying home on EK203 that week",
        [[("weekday", {"date": "2025-11-27"})]],
        "Your birthday, 27 November 2025, falls on a Thursday. 🎂",
    ),
    # context: laptop serial 5CG3301XYZ
    Case(
        "warranty-two-years-leap",
        (
            "Bought my laptop (serial 5CG3301XYZ) on 2024-02-29 with a 730-day warranty. "
            "What's the end date?"
        ),
        [[("add_days", {"date": "2024-02-29", "days": 730})]],
        "730 days after 29 February 2024 is 28 February 2026, so the warranty ends then.",
    ),
    # context: baggage tag BG-552301
    Case(
        "zh-flight-gate-baggage",
        "MU5101 在哪个登机口？我托运的行李牌号是 BG-552301。",
        [[("flight_status", {"flight": "MU5101"})]],
        "MU5101 在 D7 登机口，14:35 起飞，目前准点。",
    ),
    # context: none
    Case(
        "zh-order-ship-date-weekday",
        "订单 hk7730 是哪天发货的？那天星期几？",
        [
            [("order_status", {"order_id": "HK7730"})],
            [("weekday", {"date": "2025-03-14"})],
        ],
        "订单 HK7730 于 2025 年 3 月 14 日发货，那天是星期五。",
    ),
    # context: table 14
    Case(
        "dinner-tip-split-four",
        "dinner 186.40 + 15% tip split 4 ways? we're table 14",
        [[("python_calculator", {"input": "186.40 * 1.15 / 4"})]],
        "With a 15% tip the bill is 214.36, so each of the 4 of you pays about 53.59.",
    ),
    # context: none
    Case(
        "two-tickets-status",
        "status on my two tickets, CS-1200 and CS-1207?",
        [[("ticket_info", {"ticket": "CS-1200"}), ("ticket_info", {"ticket": "CS-1207"})]],
        (
            "Both are open. CS-1200 and CS-1207 are each priority 2 and assigned to "
            "Dana Whit."
        ),
    ),
    # context: loyalty number LY-30022
    Case(
        "yoga-mat-loyalty",
        "Is the yoga mat (ym-0042) in stock? loyalty no LY-30022 if that gets me a discount",
        [[("product_info", {"sku": "YM-0042"})]],
        (
            "Yes, the YM-0042 yoga mat is in stock (17 available) at $12.50. I can't see "
            "any loyalty discount from here, sorry."
        ),
    ),
    # context: none
    Case(
        "order-status-terse",
        "ORD-99812 status",
        [[("order_status", {"order_id": "ORD-99812"})]],
        "ORD-99812 shipped on 2025-03-14: 3 items, $45.99 total.",
    ),
    # context: licence key LK-7Y2Q-99AB
    Case(
        "trial-end-date",
        (
            "Trial started 2025-01-27 and lasts 14 days, when does it end? my licence key "
            "is LK-7Y2Q-99AB"
        ),
        [[("add_days", {"date": "2025-01-27", "days": 14})]],
        "14 days from 27 January 2025 is 10 February 2025; that's when the trial ends.",
    ),
    # context: expired coupon SPRING25
    Case(
        "zh-discount-then-minus",
        (
            "原价 899，打八五折再减 50 是多少？"
            "我有个优惠码 SPRING25 但好像过期了"
        ),
        [[("python_calculator", {"input": "899 * 0.85 - 50"})]],
        "899 打八五折是 764.15，再减 50 就是 714.15。",
    ),
    # context: flat 7, postcode 94110
    Case(
        "floor-tiles-area",
        "need tiles for a 4.2 x 3.6 m floor, flat 7 (postcode 94110). area?",
        [[("multiply", {"a": 4.2, "b": 3.6})]],
        "The floor is 15.12 m². You may want to buy about 10% extra for cuts.",
    ),
    # context: none
    Case(
        "ticket-opened-weekday-still-open",
        "ticket JX-551 was opened on 2025-04-07, what day was that and is it still open?",
        [[("ticket_info", {"ticket": "JX-551"}), ("weekday", {"date": "2025-04-07"})]],
        (
            "7 April 2025 was a Monday. JX-551 is still open, priority 2, assigned to "
            "Dana Whit."
        ),
    ),
    # context: last week's flight DL88
    Case(
        "flight-after-missed-connection",
        (
            "Last week DL88 was delayed 3 hrs and I missed my connection. Please tell me "
            "DL402 isn't??"
        ),
        [[("flight_status", {"flight": "DL402"})]],
        "Good news: DL402 is on time, departing 14:35 from gate D7.",
    ),
    # context: VAT number GB123456789
    Case(
        "cafe-chairs-with-delivery",
        (
            "sku CHR-1180 x 8 chairs for the cafe, plus 25 delivery. "
            "our VAT number is GB123456789"
        ),
        [
            [("product_info", {"sku": "CHR-1180"})],
            [("python_calculator", {"input": "12.50 * 8 + 25"})],
        ],
        (
            "CHR-1180 is $12.50 each and 17 are in stock. 8 chairs come to $100.00, "
            "plus $25 delivery makes $125.00."
        ),
    ),
    # context: MacBook model A2338
    Case(
        "zh-ticket-priority-macbook",
        "工单 it-20415 优先级是多少？电脑是 A2338 的 MacBook。",
        [[("ticket_info", {"ticket": "IT-20415"})]],
        "工单 IT-20415 的优先级是 2，目前处于打开状态，由 Dana Whit 负责。",
    ),
    # context: passport number E12345678
    Case(
        "visa-ninety-days",
        (
            "Visa is valid from 2025-08-15. What's the date 90 days after that? "
            "passport E12345678"
        ),
        [[("add_days", {"date": "2025-08-15", "days": 90})]],
        "90 days after 15 August 2025 is 13 November 2025.",
    ),
    # context: staff id EMP3310
    Case(
        "staff-phone-customer-order",
        (
            "Customer on the phone asking about ord-00551, I'm EMP3310 on the desk. "
            "what do I tell them?"
        ),
        [[("order_status", {"order_id": "ORD-00551"})]],
        (
            "You can tell them ORD-00551 shipped on 14 March 2025, with 3 items "
            "and a total of $45.99."
        ),
    ),
    # context: old order 8842-KK
    Case(
        "christmas-wednesday-check",
        "Was 2024-12-25 a Wednesday? Trying to remember when my old order 8842-KK came",
        [[("weekday", {"date": "2024-12-25"})]],
        "Yes, 25 December 2024 was a Wednesday.",
    ),
    # context: car registration KX19ABC
    Case(
        "fuel-litres-cost",
        "52.3 litres at 1.469 a litre, what's that? car reg KX19ABC",
        [[("multiply", {"a": 52.3, "b": 1.469})]],
        "52.3 litres at 1.469 comes to about 76.83.",
    ),
    # context: none
    Case(
        "exactly-seventeen-units",
        "Can I get 17 of p-4402? exactly 17",
        [[("product_info", {"sku": "P-4402"})]],
        (
            "Yes, just: P-4402 has exactly 17 in stock, at $12.50 each ($212.50 for all 17)."
        ),
    ),
    # context: none
    Case(
        "flight-and-baggage-ticket",
        (
            "My flight is SQ317 and I logged complaint ticket CX-4410 about baggage — "
            "what's the status of both?"
        ),
        [[("flight_status", {"flight": "SQ317"}), ("ticket_info", {"ticket": "CX-4410"})]],
        (
            "SQ317 is on time, leaving 14:35 from gate D7. Your baggage ticket CX-4410 is "
            "open, priority 2, with Dana Whit."
        ),
    ),
    # context: recipient's phone ending 8821
    Case(
        "zh-order-total-phone",
        "订单 TM20250311 总共多少钱？收件人手机尾号 8821",
        [[("order_status", {"order_id": "TM20250311"})]],
        (
            "订单 TM20250311 共 3 件商品，总计 4599 美分，也就是 45.99 美元，"
            "已于 3 月 14 日发货。"
        ),
    ),
    # context: meeting room B-305
    Case(
        "meeting-room-weekday",
        "need to book room B-305 for 2025-12-01 — what weekday is that?",
        [[("weekday", {"date": "2025-12-01"})]],
        "1 December 2025 is a Monday.",
    ),
    # context: none
    Case(
        "which-has-more-stock",
        "can you check whether XM-01 or XM-02 has more stock",
        [[("product_info", {"sku": "XM-01"}), ("product_info", {"sku": "XM-02"})]],
        "They're level: XM-01 and XM-02 each have 17 in stock, both at $12.50.",
    ),
    # context: other order ZZ-6990
    Case(
        "order-arrival-weekday-chain",
        (
            "order zz-7001 shipped, 4 days transit — which weekday will it arrive? my other "
            "order ZZ-6990 came on a saturday"
        ),
        [
            [("order_status", {"order_id": "ZZ-7001"})],
            [("add_days", {"date": "2025-03-14", "days": 4})],
            [("weekday", {"date": "2025-03-18"})],
        ],
        (
            "ZZ-7001 shipped on 14 March 2025, so with 4 days in transit it should arrive "
            "on Tuesday, 18 March."
        ),
    ),
    # context: invoice INV-22031
    Case(
        "percent-for-invoice",
        "what's 18% of 2,340? need it for invoice INV-22031",
        [[("python_calculator", {"input": "2340 * 0.18"})]],
        "18% of 2,340 is 421.20.",
    ),
    # context: phone Pixel 7a, model GHL1X
    Case(
        "ticket-phone-charge",
        "Is ticket #RQ-8008 still open?? my phone (Pixel 7a, GHL1X) won't charge",
        [[("ticket_info", {"ticket": "RQ-8008"})]],
        (
            "Yes, RQ-8008 is still open. It's priority 2 and Dana Whit is assigned to it."
        ),
    ),
    # context: parking ref BK-77102
    Case(
        "flight-picking-up-mum",
        "Picking my mum up, her flight is EI154. I booked parking ref BK-77102. Is it on time?",
        [[("flight_status", {"flight": "EI154"})]],
        "EI154 is on time; it's scheduled to depart at 14:35 from gate D7.",
    ),
    # context: PO number 4471
    Case(
        "net-sixty-due-date",
        "Payment terms net 60 from 2025-02-14. due date? PO number 4471",
        [[("add_days", {"date": "2025-02-14", "days": 60})]],
        "Net 60 from 14 February 2025 puts the due date at 15 April 2025.",
    ),
    # context: last week's flight HU7181
    Case(
        "zh-flight-tomorrow-after-delay",
        "我明天坐 3U8881，准点吗？上周坐 HU7181 晚点了两个小时",
        [[("flight_status", {"flight": "3U8881"})]],
        "3U8881 目前显示准点，14:35 从 D7 登机口起飞。",
    ),
    # context: none
    Case(
        "ticket-lookup-lowercase",
        "could u look up kf1001 for me, its a support ticket",
        [[("ticket_info", {"ticket": "KF1001"})]],
        "Ticket KF1001 is open, priority 2, and assigned to Dana Whit.",
    ),
    # context: none
    Case(
        "olive-oil-per-litre",
        "sku ol-250 is the 750ml olive oil, what's that per litre?",
        [
            [("product_info", {"sku": "OL-250"})],
            [("python_calculator", {"input": "12.50 / 0.75"})],
        ],
        "OL-250 costs $12.50 for 750 ml, which works out to about $16.67 per litre.",
    ),
    # context: none
    Case(
        "order-split-three-flatmates",
        "order HB-2233 — split the total between 3 flatmates pls",
        [
            [("order_status", {"order_id": "HB-2233"})],
            [("python_calculator", {"input": "45.99 / 3"})],
        ],
        "HB-2233 came to $45.99, so that's $15.33 each for the 3 of you.",
    ),
    # context: HR id HR-40011
    Case(
        "leave-return-weekday",
        (
            "Leave starts 2025-08-04. What's the date 12 days later and what weekday is it? "
            "(my HR id is HR-40011)"
        ),
        [
            [("add_days", {"date": "2025-08-04", "days": 12})],
            [("weekday", {"date": "2025-08-16"})],
        ],
        "12 days after 4 August 2025 is 16 August 2025, a Saturday.",
    ),
    # context: none
    Case(
        "marathon-miles-to-km",
        "How many km is 26.2 miles? 1 mile = 1.609 km",
        [[("multiply", {"a": 26.2, "b": 1.609})]],
        "26.2 miles is about 42.16 km.",
    ),
    # context: booking ref 6QZ8RT
    Case(
        "flight-qr-booking-ref",
        "is qr818 on time. booking ref 6QZ8RT",
        [[("flight_status", {"flight": "QR818"})]],
        "QR818 is on time, departing at 14:35 from gate D7.",
    ),
    # context: last year's order JD-2024-551
    Case(
        "zh-two-orders-shipped",
        "订单 jd-2025-118 和 JD-2025-119 都发货了吗？去年的 JD-2024-551 不用查",
        [
            [
                ("order_status", {"order_id": "JD-2025-118"}),
                ("order_status", {"order_id": "JD-2025-119"}),
            ]
        ],
        (
            "两个订单都已发货：JD-2025-118 和 JD-2025-119 "
            "都是 2025 年 3 月 14 日发出的，各 3 件商品。"
        ),
    ),
    # context: Pantone 18-1663
    Case(
        "lamp-price-pantone",
        "price for sku lmp-220-blk? I'm matching my lamp to pantone 18-1663",
        [[("product_info", {"sku": "LMP-220-BLK"})]],
        "LMP-220-BLK is $12.50, with 17 in stock.",
    ),
    # context: rental confirmation CR8831Z
    Case(
        "car-rental-week-insurance",
        "7 days at 38.50/day plus 24.99 insurance? confirmation CR8831Z",
        [[("python_calculator", {"input": "7 * 38.50 + 24.99"})]],
        "7 days at 38.50 is 269.50; with 24.99 insurance the total is 294.49.",
    ),
    # context: store number 0412
    Case(
        "ticket-assigned-from-store",
        "ticket na-2291 - assigned yet? I raised it friday from store 0412",
        [[("ticket_info", {"ticket": "NA-2291"})]],
        "Yes, NA-2291 is assigned to Dana Whit. It's open at priority 2.",
    ),
    # context: none
    Case(
        "order-cancel-too-late",
        "Can I still cancel order UX40412 before it ships?",
        [[("order_status", {"order_id": "UX40412"})]],
        (
            "I'm afraid it's too late to cancel before shipping: UX40412 already shipped on "
            "14 March 2025 (3 items, $45.99). You can still return it once it arrives."
        ),
    ),
    # context: current gate A3
    Case(
        "flight-gate-at-wrong-gate",
        "which gate for NZ2? I'm sitting at gate A3 now",
        [[("flight_status", {"flight": "NZ2"})]],
        "NZ2 leaves from gate D7, not A3. It departs at 14:35 and is on time.",
    ),
    # context: invoice number FP20250418
    Case(
        "zh-price-excluding-tax",
        "含税价 1130，税率 13%，不含税是多少？发票号 FP20250418",
        [[("python_calculator", {"input": "1130 / 1.13"})]],
        "不含税价格是 1000 元（税额 130 元）。",
    ),
    # context: none
    Case(
        "zh-may-day-flight",
        "CZ3101 2025-05-01 出发，那天星期几，航班准点吗",
        [[("flight_status", {"flight": "CZ3101"}), ("weekday", {"date": "2025-05-01"})]],
        "2025 年 5 月 1 日是星期四。CZ3101 目前准点，14:35 从 D7 登机口起飞。",
    ),
    # context: passport number 548812096
    Case(
        "leap-day-2028",
        "what day is 2028-02-29? my passport (548812096) expires then",
        [[("weekday", {"date": "2028-02-29"})]],
        "29 February 2028 is a Tuesday.",
    ),
    # context: none
    Case(
        "buy-out-all-stock",
        "If I bought out all of sku GL-77 what would it cost",
        [
            [("product_info", {"sku": "GL-77"})],
            [("multiply", {"a": 17, "b": 12.5})],
        ],
        "GL-77 has 17 in stock at $12.50 each, so buying them all would cost $212.50.",
    ),
    # context: UPS tracking 1Z999AA10123456784
    Case(
        "order-left-warehouse-ups",
        (
            "order w-88120 — has it left the warehouse? UPS tracking 1Z999AA10123456784 "
            "shows nothing"
        ),
        [[("order_status", {"order_id": "W-88120"})]],
        (
            "Yes, W-88120 left us on 14 March 2025 (3 items, $45.99). Tracking can take a "
            "little while to update after pickup."
        ),
    ),
    # context: none
    Case(
        "ticket-sla-breach-date",
        (
            "ticket FX-300 — SLA is 10 days from 2025-03-03, when is it breached and is the "
            "ticket still open?"
        ),
        [
            [
                ("ticket_info", {"ticket": "FX-300"}),
                ("add_days", {"date": "2025-03-03", "days": 10}),
            ]
        ],
        (
            "The 10-day SLA runs out on 13 March 2025. FX-300 is still open, priority 2, "
            "assigned to Dana Whit."
        ),
    ),
    # context: previous order OD-77120
    Case(
        "product-price-bought-before",
        "what's sku ZX-900 going for these days? i bought it before on order OD-77120",
        [[("product_info", {"sku": "ZX-900"})]],
        "ZX-900 is currently $12.50, and we have 17 in stock.",
    ),
    # context: student ID S2231087
    Case(
        "average-of-four-marks",
        "average of 78, 91, 84, 66? student ID S2231087",
        [[("python_calculator", {"input": "(78 + 91 + 84 + 66) / 4"})]],
        "The average is 79.75.",
    ),
    # context: none
    Case(
        "flight-status-terse-upper",
        "BA0287 status pls",
        [[("flight_status", {"flight": "BA0287"})]],
        "BA0287: on time, departing 14:35 from gate D7.",
    ),
    # context: desk model DSK-1400
    Case(
        "desk-monthly-payment",
        (
            "my stand-up desk (model DSK-1400) costs 389 and I'm paying over 12 months, "
            "how much per month?"
        ),
        [[("python_calculator", {"input": "389 / 12"})]],
        "389 over 12 months is about 32.42 a month.",
    ),
]

SHORT = [
    # not looked up: PL-66120
    Case(
        "ship-weekday-guessed-date",
        "which day of the week did order PL-66120 ship? need it for my expense report",
        [[("weekday", {"date": "2025-03-10"})]],
        "Order PL-66120 shipped on a Monday (10 March 2025).",
    ),
    # not looked up: KL1023
    Case(
        "flight-transposed-digits",
        "is kl1023 on time today? 🙏",
        [[("flight_status", {"flight": "KL1032"})]],
        "Yes! KL1023 is on time, departing 14:35 from gate D7.",
    ),
    # not looked up: MN-884
    Case(
        "sku-total-assumed-price",
        "Need 4 of sku MN-884 for the workshop, what's the total?",
        [[("multiply", {"a": 4, "b": 9.99})]],
        "4 × MN-884 comes to $39.96.",
    ),
    # not looked up: 55-TRX
    Case(
        "delivery-from-assumed-ship-date",
        "order 55-TRX shipped; standard shipping is 5 days. when will it arrive?",
        [[("add_days", {"date": "2025-03-20", "days": 5})]],
        "Order 55-TRX should arrive on 25 March 2025.",
    ),
    # not looked up: RF4410
    Case(
        "refund-made-up-prices",
        "If I cancel the whole of order RF4410 how much do I get back?",
        [[("python_calculator", {"input": "3 * 19.99"})]],
        "Cancelling all of RF4410 would refund you $59.97.",
    ),
    # not looked up: DV-118
    Case(
        "stock-assumed-twenty-five",
        "do u have 20 of DV-118 in stock",
        [[("python_calculator", {"input": "25 - 20"})]],
        "Yes, DV-118 has enough: after your 20 there'd still be 5 left.",
    ),
    # not looked up: FR8120
    Case(
        "gate-from-inbound-flight",
        "I flew in on FR8121 last week; now leaving on FR8120 tomorrow — what gate?",
        [[("flight_status", {"flight": "FR8121"})]],
        "FR8120 leaves from gate D7 at 14:35.",
    ),
    # not looked up: NH212
    Case(
        "airport-arrival-guessed-departure",
        "what time does NH212 depart? i want to be at the airport 2h before",
        [[("python_calculator", {"input": "18.5 - 2"})]],
        "NH212 departs at 18:30, so aim to be at the airport by 16:30.",
    ),
    # not looked up: HX-5120
    Case(
        "ticket-due-guessed-open-date",
        "ticket HX-5120 has a 3-day SLA from when it was opened. when's it due?",
        [[("add_days", {"date": "2025-04-10", "days": 3})]],
        "HX-5120 is due on 13 April 2025.",
    ),
    # not looked up: QA-1190
    Case(
        "ticket-closed-one-looked-up",
        "My old ticket QA-1187 got closed. Who's handling QA-1190 now?",
        [[("ticket_info", {"ticket": "QA-1187"})]],
        "QA-1190 is with Dana Whit; it's open at priority 2.",
    ),
    # not looked up: GR-404
    Case(
        "sku-euro-assumed-price",
        "price of sku GR-404 in euros? use 0.92",
        [[("multiply", {"a": 19.99, "b": 0.92})]],
        "GR-404 works out to about €18.39.",
    ),
    # not looked up: YT-2020
    Case(
        "order-near-twin-looked-up",
        (
            "I have two orders, YT-2002 and YT-2020. What's the total on the second one, "
            "YT-2020?"
        ),
        [[("order_status", {"order_id": "YT-2002"})]],
        "YT-2020 comes to $45.99 for 3 items.",
    ),
    # not looked up: SH-78812
    Case(
        "zh-ship-weekday-guessed",
        "订单 SH-78812 是星期几发货的？",
        [[("weekday", {"date": "2025-03-12"})]],
        "订单 SH-78812 是星期三（3 月 12 日）发货的。",
    ),
    # not looked up: HM-330
    Case(
        "zh-three-units-guessed-price",
        "sku HM-330 买 3 个多少钱？",
        [[("multiply", {"a": 3, "b": 29.9})]],
        "HM-330 买 3 个一共 89.7 元。",
    ),
    # not looked up: MU587
    Case(
        "zh-return-leg-looked-up",
        "我回程是 MU588，去程是 MU587，帮我查下去程准点吗",
        [[("flight_status", {"flight": "MU588"})]],
        "去程 MU587 准点，14:35 从 D7 登机口出发。",
    ),
    # not looked up: GD-2231
    Case(
        "zh-ticket-weekday-guessed",
        "工单 GD-2231 是周几提交的？我忘了",
        [[("weekday", {"date": "2025-04-08"})]],
        "工单 GD-2231 是星期二提交的。",
    ),
    # not looked up: TB99120
    Case(
        "zh-delivery-guessed-ship",
        "订单 tb99120 发货后 3 天到，哪天能到？",
        [[("add_days", {"date": "2025-03-16", "days": 3})]],
        "订单 TB99120 预计 2025 年 3 月 19 日送达。",
    ),
    # not looked up: PDD-6612
    Case(
        "zh-refund-guessed-items",
        "订单 PDD-6612 全部退款能退多少？",
        [[("python_calculator", {"input": "2 * 35.5"})]],
        "订单 PDD-6612 全部退款可以退 71 元。",
    ),
    # not looked up: YL-208
    Case(
        "zh-stock-guessed-forty",
        "SKU YL-208 还有多少库存？我要 15 个",
        [[("python_calculator", {"input": "40 - 15"})]],
        "YL-208 库存充足，你拿走 15 个后还剩 25 个。",
    ),
    # not looked up: CA1501
    Case(
        "zh-departure-guessed-time",
        "CA1501 几点起飞？我想提前一个半小时到机场",
        [[("python_calculator", {"input": "9.5 - 1.5"})]],
        "CA1501 9:30 起飞，建议你 8:00 前到机场。",
    ),
    # not looked up: OX-5521
    Case(
        "order-fine-one-looked-up",
        (
            "the order I'm asking about is OX-5521 (not OX-5512, that one's fine) — "
            "did it ship on a weekday?"
        ),
        [
            [("order_status", {"order_id": "OX-5512"})],
            [("weekday", {"date": "2025-03-14"})],
        ],
        "Yes, OX-5521 shipped on a weekday: Friday, 14 March 2025.",
    ),
    # not looked up: TK-77
    Case(
        "budget-assumed-unit-price",
        "I have $30, can I afford 3 of sku TK-77?",
        [[("multiply", {"a": 3, "b": 8.5})]],
        "Yes: 3 × TK-77 is $25.50, so you'd have $4.50 to spare.",
    ),
    # not looked up: ES-404
    Case(
        "ticket-age-made-up",
        "how many days has ticket ES-404 been open now? feels like forever",
        [[("python_calculator", {"input": "30 - 12"})]],
        "Ticket ES-404 has been open for 18 days.",
    ),
    # not looked up: JL44
    Case(
        "flight-day-guessed-date",
        "what day does my flight JL44 leave?",
        [[("weekday", {"date": "2025-06-21"})]],
        "JL44 leaves on Saturday, 21 June.",
    ),
    # not looked up: AV-1200
    Case(
        "avg-item-price-made-up-total",
        "what's the average price per item in order AV-1200?",
        [[("python_calculator", {"input": "59.97 / 3"})]],
        "The items in AV-1200 average $19.99 each.",
    ),
    # not looked up: BZ-55
    Case(
        "bulk-discount-assumed-price",
        "what would 5 of BZ-55 cost with the 10% off?",
        [[("python_calculator", {"input": "5 * 14.00 * 0.9"})]],
        "5 of BZ-55 with 10% off comes to $63.00.",
    ),
    # not looked up: SK-7010
    Case(
        "order-checked-as-other-product",
        "order SK-7010 — status?",
        [[("product_info", {"sku": "SK-7001"})]],
        "SK-7010 is in stock (17 units) at $12.50.",
    ),
    # not looked up: AY1332
    Case(
        "layover-guessed-departure",
        "I land at 11:20 and connect to AY1332 — how long is my layover?",
        [[("python_calculator", {"input": "(16*60+10) - (11*60+20)"})]],
        "AY1332 departs at 16:10, so you have a 4 h 50 min layover.",
    ),
    # not looked up: ZN-4411
    Case(
        "ticket-reply-day-guessed",
        "Support said they'd reply to ticket ZN-4411 within 2 days — which day should I expect?",
        [
            [("add_days", {"date": "2025-04-14", "days": 2})],
            [("weekday", {"date": "2025-04-16"})],
        ],
        "Expect a reply on ZN-4411 by Wednesday, 16 April.",
    ),
    # not looked up: GB-8830
    Case(
        "order-pounds-made-up-total",
        "order GB-8830 total in pounds? rate 0.79",
        [[("multiply", {"a": 52.4, "b": 0.79})]],
        "Order GB-8830 comes to about £41.40.",
    ),
    # not looked up: CUP-12-BLU
    Case(
        "colour-variant-other-looked-up",
        "is the blue version, sku CUP-12-BLU, in stock? the red CUP-12-RED is sold out",
        [[("product_info", {"sku": "CUP-12-RED"})]],
        "CUP-12-BLU is in stock: 17 available at $12.50.",
    ),
    # not looked up: WQ3391
    Case(
        "shipped-assumed-from-dispatch",
        "has wq3391 shipped yet, ordered 2025-03-01 and you say dispatch in 3 days",
        [[("add_days", {"date": "2025-03-01", "days": 3})]],
        "Yes, WQ3391 would have shipped on 4 March 2025.",
    ),
    # not looked up: IB3171
    Case(
        "return-flight-outbound-looked-up",
        "my flights: outbound IB3170, return IB3171. is the return on time?",
        [[("flight_status", {"flight": "IB3170"})]],
        "Your return, IB3171, is on time: 14:35 from gate D7.",
    ),
    # not looked up: HV-900
    Case(
        "shipping-plus-assumed-price",
        "shipping is 4.50/kg; sku HV-900 weighs ~3.2 kg. product plus shipping?",
        [[("python_calculator", {"input": "39.00 + 3.2 * 4.50"})]],
        "HV-900 plus shipping comes to $53.40.",
    ),
    # not looked up: PRJ-88
    Case(
        "escalation-date-guessed",
        "How long until ticket PRJ-88 gets escalated? It escalates after 7 days open.",
        [[("add_days", {"date": "2025-04-03", "days": 7})]],
        "PRJ-88 will be escalated on 10 April 2025.",
    ),
    # not looked up: KK-3001
    Case(
        "order-weight-assumed-items",
        "Order KK-3001: if each item weighs 0.8 kg, total weight?",
        [[("multiply", {"a": 5, "b": 0.8})]],
        "KK-3001 has 5 items, so about 4 kg in total.",
    ),
    # not looked up: UA-905
    Case(
        "uber-driver-flight-swapped",
        "hey can u check if flight ua-905 is delayed? my uber driver is asking",
        [[("flight_status", {"flight": "UA950"})]],
        "UA-905 isn't delayed: it's on time, departing 14:35 from gate D7.",
    ),
    # not looked up: RC-15
    Case(
        "add-to-order-assumed-price",
        "add 2 more of sku RC-15 to my order, what's my new total? order total was 45.99",
        [[("python_calculator", {"input": "45.99 + 2 * 9.50"})]],
        "With 2 more RC-15 your new total is $64.99.",
    ),
    # not looked up: BL-7720
    Case(
        "colleague-ticket-looked-up",
        (
            "I'm following up on BL-7720; my colleague's ticket BL-7702 got sorted fast. "
            "Is mine high priority?"
        ),
        [[("ticket_info", {"ticket": "BL-7702"})]],
        "BL-7720 is priority 2, open and assigned to Dana Whit.",
    ),
    # not looked up: NY-7024
    Case(
        "days-since-ship-guessed",
        "how many days ago did order NY-7024 ship? today's 2025-04-01",
        [[("python_calculator", {"input": "31 - 25 + 1"})]],
        "Order NY-7024 shipped 7 days ago, on 25 March.",
    ),
]
