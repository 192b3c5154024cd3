"""A fourth corpus, written like the third (``_corpus_third.py``) without
reading the checks: 68 correct answers to questions holding numbers that are only
context (identifiers, ages, dates and times written many ways, counts of something
else, prices and percentages of something else, numbers in quotes), and 36 runs that
stopped short of a number the question needed, each on the four tool-call strategies.

Its file hash was recorded before its one run on the aids that the third corpus had
changed (docs/small-model-aids.md, "How precision is checked"): 15 of its 68 correct
answers were sent back (18 before that change) and 29 of the 36 stopped-short runs
caught (30 before). Read after that run, it became a tuning corpus too: the clauses
that ask apart and the identifiers below came from it; the answers still sent back
are listed by name.
"""

from __future__ import annotations

from test_answers_stand import Case

STAND = [
    # context: customer number 40921
    Case(
        "customer-licences",
        "Customer 40921 wants 14 licences at $36 each - what's the total?",
        [[("multiply", {"a": 14, "b": 36})]],
        "The total for 14 licences is $504.",
    ),
    # context: ticket number 8812
    Case(
        "ticket-km-miles",
        "Re ticket #8812: how many miles is 42 km?",
        [[("convert_units", {"value": 42, "from_unit": "km", "to_unit": "miles"})]],
        "42 km is about 26.1 miles (26.0976).",
    ),
    # context: room number 305
    Case(
        "room-lookup",
        "I'm in room 305 this week. Can you find Dana Whitfield's office?",
        [[("lookup_employee", {"name": "Dana Whitfield"})]],
        "Dana Whitfield is in office B-214, extension 4417.",
    ),
    # context: hot desk 17, floor 3
    Case(
        "desk-power",
        "I'm at hot desk 17 on floor 3 today. What's 2^16?",
        [[("python_calculator", {"expression": "2^16"})]],
        "2^16 = 65536.",
    ),
    # context: locker number 88
    Case(
        "locker-prime",
        "My gym locker is 88, whatever. Quick one: is 97 prime?",
        [[("is_prime", {"n": 97})]],
        "Yes, 97 is prime.",
    ),
    # context: licence plate digits 7301
    Case(
        "plate-distance",
        "The van with the plate ending 7301 did 150 km today; how many miles is that?",
        [[("convert_units", {"value": 150, "from_unit": "km", "to_unit": "miles"})]],
        "150 km is 93.21 miles.",
    ),
    # context: card digits 6620
    Case(
        "card-split",
        "The last four of my card are 6620, I paid the whole dinner: 186 euros. "
        "Split it among the 6 of us please.",
        [[("divide", {"a": 186, "b": 6})]],
        "That's €31 each.",
    ),
    # context: model numbers 13 and 15 in the product names
    Case(
        "model-difference",
        "I'm comparing the XPS 13 and the XPS 15. The 15 costs 1899 and the 13 costs "
        "1299 - what's the difference?",
        [[("python_calculator", {"expression": "1899-1299"})]],
        "The XPS 15 costs 600 more than the XPS 13.",
    ),
    # context: street number 221
    Case(
        "street-run",
        "We just moved to 221 Baker Street. Convert 5 miles to km for my new running route.",
        [[("convert_units", {"value": 5, "from_unit": "miles", "to_unit": "km"})]],
        "5 miles is about 8.05 km.",
    ),
    # context: postcode 10115
    Case(
        "postcode-email",
        "Our office postcode is now 10115 Berlin. Email anna@example.com with the "
        "subject 'New address'",
        [[("send_email", {"to": "anna@example.com", "subject": "New address"})]],
        "Sent - the email to anna@example.com is queued (id 7f3a-16).",
    ),
    # context: the son's age 7
    Case(
        "age-times-table",
        "My son is 7 and wants to know: what is 12 times 12?",
        [[("multiply", {"a": 12, "b": 12})]],
        "12 times 12 is 144.",
    ),
    # context: birthday on the 23rd
    Case(
        "birthday-email",
        "Her birthday is on the 23rd - send an email to lena.k@firm.org with "
        "subject 'Birthday cake'.",
        [[("send_email", {"to": "lena.k@firm.org", "subject": "Birthday cake"})]],
        "Sent. Queued as 7f3a-15.",
    ),
    # context: the date 14 March 2024
    Case(
        "dated-half-marathon",
        "On 14 March 2024 we ran 21.1 km. What's that in miles?",
        [[("convert_units", {"value": 21.1, "from_unit": "km", "to_unit": "miles"})]],
        "21.1 km is 13.11 miles.",
    ),
    # context: Tuesday the 14th
    Case(
        "tuesday-minutes",
        "For Tuesday the 14th I need to know how many hours 2,700 minutes is.",
        [[("divide", {"a": 2700, "b": 60})]],
        "2,700 minutes is 45 hours.",
    ),
    # context: leaving at 5
    Case(
        "leave-at-five",
        "I leave at 5, so quickly: what's 15% of 240?",
        [[("python_calculator", {"expression": "0.15*240"})]],
        "15% of 240 is 36.",
    ),
    # context: train at 18h
    Case(
        "train-18h",
        "My train leaves at 18h and the trip is 300 km. How far is that in miles?",
        [[("convert_units", {"value": 300, "from_unit": "km", "to_unit": "miles"})]],
        "300 km is about 186.4 miles.",
    ),
    # context: 下午3点 (meeting time)
    Case(
        "zh-meeting-multiply",
        "我下午3点要开会，先帮我算一下 128 乘以 45。",
        [[("multiply", {"a": 128, "b": 45})]],
        "128 乘以 45 等于 5760。",
    ),
    # context: after 3 tries
    Case(
        "three-tries-square",
        "After 3 tries my spreadsheet still disagrees with me - what is 17 squared?",
        [[("power", {"base": 17, "exponent": 2})]],
        "17 squared is 289.",
    ),
    # context: 2 kids (the fee already covers both)
    Case(
        "kids-fees-monthly",
        "School fees for my 2 kids come to 2400 a year in total. How much is that per month?",
        [[("divide", {"a": 2400, "b": 12})]],
        "That's 200 per month.",
    ),
    # context: for the 4th time
    Case(
        "fourth-time-prime",
        "I'm asking for the 4th time: is 1001 prime?",
        [[("is_prime", {"n": 1001})]],
        "No. 1001 is not prime: it is 7 × 11 × 13.",
    ),
    # context: call in 10 minutes
    Case(
        "call-in-ten",
        "I have a call in 10 minutes. What's Marcus Bell's extension?",
        [[("lookup_employee", {"name": "Marcus Bell"})]],
        "Marcus Bell's extension is 4417 (office B-214).",
    ),
    # context: score 3-1
    Case(
        "score-multiply",
        "We won 3-1 last night!! Anyway, what's 19 times 23?",
        [[("multiply", {"a": 19, "b": 23})]],
        "19 × 23 = 437.",
    ),
    # context: unrelated price $4.50
    Case(
        "coffee-price-convert",
        "My coffee was $4.50 this morning, ugh. Convert 10 km to miles.",
        [[("convert_units", {"value": 10, "from_unit": "km", "to_unit": "miles"})]],
        "10 km = 6.2137 miles.",
    ),
    # context: phone battery at 15%
    Case(
        "battery-prime",
        "My phone is at 15% so be quick: is 221 prime?",
        [[("is_prime", {"n": 221})]],
        "No - 221 = 13 × 17.",
    ),
    # context: temperature 31°C
    Case(
        "heat-unread",
        "It's 31°C in here and the AC is broken. Do I have any unread emails?",
        [[("count_unread", {})]],
        "No, you have no unread emails.",
    ),
    # context: shoe size 10
    Case(
        "shoe-size-marathon",
        "Ordering size 10 trainers for the big race. How many km is a 26.2 mile marathon?",
        [[("convert_units", {"value": 26.2, "from_unit": "miles", "to_unit": "km"})]],
        "A 26.2-mile marathon is 42.16 km.",
    ),
    # context: numbers inside the email subject (Q3, 2)
    Case(
        "subject-numbers",
        "Send an email to ops@acme.io with subject 'Q3 report - 2 attachments'",
        [[("send_email", {"to": "ops@acme.io", "subject": "Q3 report - 2 attachments"})]],
        "Done, queued with id 7f3a-11.",
    ),
    # context: exit number 12 in the quoted sign
    Case(
        "quoted-sign",
        "The road sign says 'Exit 12 - 3 km'. How much is 3 km in miles?",
        [[("convert_units", {"value": 3, "from_unit": "km", "to_unit": "miles"})]],
        "3 km is about 1.86 miles.",
    ),
    # no context number: pure arithmetic
    Case(
        "pure-multiply",
        "What is 987 times 654?",
        [[("multiply", {"a": 987, "b": 654})]],
        "987 × 654 = 645,498.",
    ),
    # no context number: conversion
    Case(
        "pure-half-marathon",
        "How many kilometres are 13.1 miles?",
        [[("convert_units", {"value": 13.1, "from_unit": "miles", "to_unit": "km"})]],
        "13.1 miles is 21.08 kilometres.",
    ),
    # no context number: lookup
    Case(
        "pure-lookup",
        "Where does Priya Raman sit?",
        [[("lookup_employee", {"name": "Priya Raman"})]],
        "Priya Raman sits in office B-214 (extension 4417).",
    ),
    # no context number: yes/no prime
    Case("pure-prime", "is 7919 prime", [[("is_prime", {"n": 7919})]], "Yes, 7919 is prime."),
    # no context number: email
    Case(
        "pure-email",
        "Email j.doe@corp.com, subject: Lunch tomorrow?",
        [[("send_email", {"to": "j.doe@corp.com", "subject": "Lunch tomorrow?"})]],
        "Sent.",
    ),
    # several real operands: three invoice amounts
    Case(
        "invoice-sum",
        "Three invoices came in: 1,240, 860 and 415. What's the total?",
        [[("python_calculator", {"expression": "1240+860+415"})]],
        "The three invoices total 2,515.",
    ),
    # several real operands: boxes, bottles, litres (two rounds)
    Case(
        "bottles-litres",
        "We have 12 boxes of 24 bottles, each bottle 0.5 L. How many litres is that?",
        [[("multiply", {"a": 12, "b": 24})], [("multiply", {"a": 288, "b": 0.5})]],
        "288 bottles × 0.5 L = 144 litres.",
    ),
    # several real operands in one expression
    Case(
        "bare-expression",
        "(18.5 + 22.75) * 4",
        [[("python_calculator", {"expression": "(18.5 + 22.75) * 4"})]],
        "165",
    ),
    # parallel calls, no context number
    Case(
        "parallel-primes",
        "Is 101 prime? And 111?",
        [[("is_prime", {"n": 101}), ("is_prime", {"n": 111})]],
        "101 is prime; 111 is not (3 × 37).",
    ),
    # parallel lookups, no context number
    Case(
        "parallel-lookups",
        "Look up Tom Hardy and Sara Lee for me",
        [[("lookup_employee", {"name": "Tom Hardy"}), ("lookup_employee", {"name": "Sara Lee"})]],
        "Tom Hardy: office B-214, extension 4417. Sara Lee: office B-214, extension 4417.",
    ),
    # context: invoice number 2024-118 inside the subject
    Case(
        "receipt-invoice",
        "Send 'Invoice 2024-118' to billing@north.co",
        [[("send_email", {"to": "billing@north.co", "subject": "Invoice 2024-118"})]],
        "Receipt: to billing@north.co, subject 'Invoice 2024-118', id 7f3a-16.",
    ),
    # context: flight LH 454 and landing time 6:40 (before a semicolon)
    Case(
        "flight-semicolon",
        "Flight LH 454 lands at 6:40; convert 9,600 km to miles.",
        [[("convert_units", {"value": 9600, "from_unit": "km", "to_unit": "miles"})]],
        "9,600 km is about 5,965 miles (5965.1616).",
    ),
    # context: room 4B and "till 2" (inside dashes)
    Case(
        "room-dash-divide",
        "Room 4B is booked till 2 - can you divide 3,450 by 15 for me?",
        [[("divide", {"a": 3450, "b": 15})]],
        "3,450 / 15 = 230.",
    ),
    # no context number: imperative
    Case(
        "imperative-power",
        "Compute 2 to the 10th power",
        [[("power", {"base": 2, "exponent": 10})]],
        "2^10 = 1024",
    ),
    # context: 工号 20417 (staff number)
    Case(
        "zh-staff-lookup",
        "我的工号是 20417，帮我查一下王芳的分机号。",
        [[("lookup_employee", {"name": "王芳"})]],
        "王芳在 B-214 办公室，分机号 4417。",
    ),
    # context: 气温 35 度
    Case(
        "zh-heat-convert",
        "今天气温 35 度，热死了。42 公里是多少英里？",
        [[("convert_units", {"value": 42, "from_unit": "km", "to_unit": "miles"})]],
        "42 公里约等于 26.1 英里。",
    ),
    # context: 儿子 8 岁
    Case(
        "zh-son-prime",
        "我儿子今年 8 岁，他问我 97 是不是质数。",
        [[("is_prime", {"n": 97})]],
        "是的，97 是质数，只能被 1 和它本身整除。",
    ),
    # context: 快递单号 SF1234567890
    Case(
        "zh-parcel-divide",
        "快递单号 SF1234567890 还没到，烦。帮我算一下 1500 除以 4。",
        [[("divide", {"a": 1500, "b": 4})]],
        "1500 除以 4 等于 375。",
    ),
    # context: 3月8日 (date)
    Case(
        "zh-date-miles",
        "3月8日那天我们跑了 10 英里，合多少公里？",
        [[("convert_units", {"value": 10, "from_unit": "miles", "to_unit": "km"})]],
        "10 英里约合 16.09 公里。",
    ),
    # context: 周五 5 点 inside the subject
    Case(
        "zh-email-subject",
        "给 li.wei@corp.cn 发封邮件，主题是“周五 5 点开会”。",
        [[("send_email", {"to": "li.wei@corp.cn", "subject": "周五 5 点开会"})]],
        "已发送，编号 7f3a-14。",
    ),
    # context: 3 个孩子
    Case(
        "zh-kids-tickets",
        "我有 3 个孩子。一张票 120 元，买 5 张一共多少钱？",
        [[("multiply", {"a": 120, "b": 5})]],
        "5 张票一共 600 元。",
    ),
    # context: 手机 20% 电量
    Case(
        "zh-battery-unread",
        "手机只剩 20% 电了，快告诉我有几封未读邮件",
        [[("count_unread", {})]],
        "没有未读邮件。",
    ),
    # no context number (Chinese): power
    Case(
        "zh-pure-power",
        "2的20次方是多少？",
        [[("power", {"base": 2, "exponent": 20})]],
        "2 的 20 次方是 1048576。",
    ),
    # context: deadline 2025-06-30
    Case(
        "iso-deadline-percent",
        "Deadline is 2025-06-30. What's 7.5% of 84,000?",
        [[("python_calculator", {"expression": "84000*0.075"})]],
        "7.5% of 84,000 is 6,300.",
    ),
    # context: plumber at 8:30
    Case(
        "plumber-discount",
        "The plumber comes at 8:30 and quoted 1,850. With the 12% discount he "
        "offered, what do I pay?",
        [[("python_calculator", {"expression": "1850*0.88"})]],
        "After the 12% discount you pay 1,628.",
    ),
    # context: rent due on the 3rd
    Case(
        "rent-yearly",
        "Rent is due on the 3rd. It's 1,450 a month - what's that over a year?",
        [[("multiply", {"a": 1450, "b": 12})]],
        "1,450 a month is 17,400 a year.",
    ),
    # no context number: bare answer
    Case("bare-product", "23 * 47?", [[("multiply", {"a": 23, "b": 47})]], "1081"),
    # context: flat 9 and house number 48
    Case(
        "flat-address-convert",
        "I live at flat 9, 48 Elm Road, and the park is 7 miles away. In km?",
        [[("convert_units", {"value": 7, "from_unit": "miles", "to_unit": "km"})]],
        "7 miles is 11.27 km.",
    ),
    # context: phone number 0151 496 0123
    Case(
        "phone-number-lookup",
        "Call me back on 0151 496 0123 - actually, just tell me where Kevin Osei's office is.",
        [[("lookup_employee", {"name": "Kevin Osei"})]],
        "Kevin Osei's office is B-214 (extension 4417).",
    ),
    # context: invoice number INV-3391
    Case(
        "invoice-hours",
        "Invoice INV-3391: 18 hours at 65 an hour. Total?",
        [[("multiply", {"a": 18, "b": 65})]],
        "Total: 1,170.",
    ),
    # context: holiday in 2 weeks
    Case(
        "holiday-drive",
        "We go on holiday in 2 weeks. How many miles is the 840 km drive?",
        [[("convert_units", {"value": 840, "from_unit": "km", "to_unit": "miles"})]],
        "The 840 km drive is about 522 miles.",
    ),
    # context: grandmother turned 90
    Case(
        "grandma-sqrt",
        "My grandmother turned 90 on Sunday! Different topic: square root of 1764?",
        [[("python_calculator", {"expression": "sqrt(1764)"})]],
        "The square root of 1764 is 42.",
    ),
    # context: Python version 3.12
    Case(
        "version-float",
        "After upgrading to Python 3.12 my script prints odd decimals. What's 0.1 + 0.2 exactly?",
        [[("python_calculator", {"expression": "0.1 + 0.2"})]],
        "0.1 + 0.2 = 0.3; the extra digits your script shows are floating-point noise.",
    ),
    # context: 12,000 steps
    Case(
        "steps-convert",
        "I did 12,000 steps today and my watch says 8.4 km. How many miles?",
        [[("convert_units", {"value": 8.4, "from_unit": "km", "to_unit": "miles"})]],
        "8.4 km is 5.22 miles.",
    ),
    # no context number: two rounds, yes with reason
    Case(
        "mersenne-prime",
        "Is 2^31 - 1 prime?",
        [[("python_calculator", {"expression": "2**31-1"})], [("is_prime", {"n": 2147483647})]],
        "Yes: 2^31 - 1 = 2147483647, and it is prime (a Mersenne prime).",
    ),
    # context: monitor 27 inches
    Case(
        "monitor-hours",
        "My monitor is 27 inches, which is beside the point. How many hours are in 365 days?",
        [[("multiply", {"a": 365, "b": 24})]],
        "365 days have 8,760 hours.",
    ),
    # context: door code ending 42
    Case(
        "door-code-run",
        "My door code ends in 42, don't tell anyone. How many miles is a 5 km run?",
        [[("convert_units", {"value": 5, "from_unit": "km", "to_unit": "miles"})]],
        "A 5 km run is about 3.1 miles.",
    ),
    # context: parking spot P2-118 and the time "at 9"
    Case(
        "parking-email",
        "I'm in parking spot P2-118 until 9. Tell facilities@campus.edu: subject 'Blocked exit'",
        [[("send_email", {"to": "facilities@campus.edu", "subject": "Blocked exit"})]],
        "Email sent to facilities@campus.edu (queued id=7f3a-21).",
    ),
    # context: 第2次 (second attempt) and 订单号 77310
    Case(
        "zh-order-percent",
        "订单号 77310 的退款我已经催了第2次了。顺便算一下 3600 的 15% 是多少？",
        [[("python_calculator", {"expression": "3600*0.15"})]],
        "3600 的 15% 是 540。",
    ),
    # context: version v2.4 and build 1187
    Case(
        "build-divide",
        "Build 1187 of v2.4 took 5,400 seconds. How many minutes is that?",
        [[("divide", {"a": 5400, "b": 60})]],
        "5,400 seconds is 90 minutes.",
    ),
]

SHORT = [
    # unused: 15 (boxes)
    Case(
        "boxes-weight",
        "Each box holds 24 cans and a can weighs 0.35 kg. How much do 15 boxes weigh?",
        [[("multiply", {"a": 24, "b": 0.35})]],
        "The boxes weigh 8.4 kg.",
    ),
    # unused: 4 (days)
    Case(
        "trip-days-miles",
        "We drove 320 km each day for 4 days. How many miles in total?",
        [[("convert_units", {"value": 320, "from_unit": "km", "to_unit": "miles"})]],
        "That's about 198.84 miles in total.",
    ),
    # unused: 6 (people to split among)
    Case(
        "tip-split",
        "Lunch came to 186 euros and we add a 10% tip. Split among 6 people, how much each?",
        [[("python_calculator", {"expression": "186*1.1"})]],
        "Each person pays €204.60.",
    ),
    # unused: 12 (months)
    Case(
        "seats-months",
        "A licence costs $36 per seat per month and we have 14 seats. What's the cost "
        "over 12 months?",
        [[("multiply", {"a": 36, "b": 14})]],
        "The cost over 12 months is $504.",
    ),
    # unused: 25% (discount)
    Case(
        "jackets-discount",
        "3 jackets at 120 each, and the shop takes 25% off the total. What do I pay?",
        [[("multiply", {"a": 3, "b": 120})]],
        "You pay 360.",
    ),
    # unused: 5 箱 (boxes)
    Case(
        "zh-boxes-bottles",
        "每箱 12 瓶，每瓶 8 元，我买了 5 箱，一共多少钱？",
        [[("multiply", {"a": 12, "b": 8})]],
        "一共 96 元。",
    ),
    # unused: 4 个人 (people splitting the rent)
    Case(
        "zh-rent-split",
        "我们 4 个人平摊房租，房租每月 6800 元，一年每人要付多少？",
        [[("multiply", {"a": 6800, "b": 12})]],
        "每人一年要付 81600 元。",
    ),
    # unused: 8 元 (fuel price per litre)
    Case(
        "zh-fuel-cost",
        "汽车每百公里油耗 7 升，油价每升 8 元，跑 350 公里油费多少？",
        [[("divide", {"a": 350, "b": 100})], [("multiply", {"a": 3.5, "b": 7})]],
        "油费是 24.5 元。",
    ),
    # unused: 3 年 (years of compounding)
    Case(
        "zh-compound",
        "投资 10000 元，年利率 5%，按复利算，3 年后是多少？",
        [[("python_calculator", {"expression": "10000*1.05"})]],
        "3 年后本息合计 10500 元。",
    ),
    # unused: 20 份 (copies)
    Case(
        "zh-printing",
        "打印一页 0.3 元，每份报告 45 页。打印 20 份要多少钱？",
        [[("multiply", {"a": 0.3, "b": 45})]],
        "要 13.5 元。",
    ),
    # unused: 3 次 (trips)
    Case(
        "zh-trips-miles",
        "从北京到天津单程 120 公里，这个月我单程跑了 3 次，一共多少英里？",
        [[("convert_units", {"value": 120, "from_unit": "km", "to_unit": "miles"})]],
        "一共约 74.56 英里。",
    ),
    # unused: 9 (people), given in a separate sentence before the question
    Case(
        "offsite-per-person",
        "Our team has 9 people. The offsite costs 2,340 for the venue and 1,170 "
        "for catering. What's the cost per person?",
        [[("python_calculator", {"expression": "2340+1170"})]],
        "The cost per person is 3,510.",
    ),
    # unused: 12% (growth)
    Case(
        "growth-target",
        "Revenue was 52,000 in January and 32,000 in February. Growth of 12% on the "
        "combined figure is the target. What's the target?",
        [[("python_calculator", {"expression": "52000+32000"})]],
        "The target is 84,000.",
    ),
    # unused: 15 (fee per transfer)
    Case(
        "transfer-fees",
        "I'm transferring 1,200 to each of 3 suppliers, and the bank charges a 15 fee "
        "per transfer. Total cost?",
        [[("multiply", {"a": 1200, "b": 3})]],
        "Total cost is 3,600.",
    ),
    # unused: 7 (packs)
    Case(
        "pens-packs",
        "Pens come in packs of 12 at 4.80 per pack. How much do 7 packs cost?",
        [[("divide", {"a": 4.80, "b": 12})]],
        "7 packs cost 0.40.",
    ),
    # unused: 4 (legs) - imperative
    Case(
        "relay-legs",
        "Convert 26.2 miles to km and divide it into 4 equal legs.",
        [[("convert_units", {"value": 26.2, "from_unit": "miles", "to_unit": "km"})]],
        "Each leg is 42.1648 km.",
    ),
    # unused: 6 (units ordered) - imperative
    Case(
        "vat-units",
        "Add 8% VAT to the unit price of 1,250 and multiply by the 6 units we ordered",
        [[("python_calculator", {"expression": "1250*1.08"})]],
        "The total is 1,350.",
    ),
    # unused: 2 (shifts a day)
    Case(
        "shifts-parts",
        "The machine makes 45 parts an hour. It runs 7.5 hours a shift, 2 shifts a day. "
        "How many parts per day?",
        [[("multiply", {"a": 45, "b": 7.5})]],
        "It makes 337.5 parts per day.",
    ),
    # unused: 400 (money already saved)
    Case(
        "savings-weeks",
        "I already have 400 saved. If I put away 85 a week, how much will I have after 26 weeks?",
        [[("multiply", {"a": 85, "b": 26})]],
        "You'll have 2,210 after 26 weeks.",
    ),
    # unused: 20% (VAT)
    Case(
        "invoice-vat",
        "The hourly rate is 65 and he worked 18 hours. VAT is 20%. What's the invoice "
        "total including VAT?",
        [[("multiply", {"a": 65, "b": 18})]],
        "The invoice total including VAT is 1,170.",
    ),
    # unused: 5 (nights)
    Case(
        "hotel-nights",
        "A room is 140 a night plus 12 tourist tax per night. We stay 5 nights. Total?",
        [[("python_calculator", {"expression": "140+12"})]],
        "The total is 152.",
    ),
    # unused: 4 (people), in a separate sentence after the amounts
    Case(
        "dinner-owe",
        "Dinner was 86.40 and the wine 45.60. There were 4 of us. How much does each of us owe?",
        [[("python_calculator", {"expression": "86.40+45.60"})]],
        "Each of you owes 132.",
    ),
    # unused: 500 (starting colony)
    Case(
        "bacteria-doubling",
        "A colony starts at 500 bacteria and doubles every hour. How many are "
        "there after 10 hours?",
        [[("power", {"base": 2, "exponent": 10})]],
        "There will be 1,024 bacteria after 10 hours.",
    ),
    # unused: 4 (laps)
    Case(
        "loop-laps",
        "The park loop is 3.5 miles. I ran it 4 times. How many km did I run?",
        [[("convert_units", {"value": 3.5, "from_unit": "miles", "to_unit": "km"})]],
        "You ran about 5.63 km.",
    ),
    # unused: 25% (share wanting a call)
    Case(
        "survey-calls",
        "Out of 480 survey replies, 35% said yes, and 25% of those want a follow-up "
        "call. How many calls do we make?",
        [[("python_calculator", {"expression": "480*0.35"})]],
        "You need to make 168 follow-up calls.",
    ),
    # unused: 14 (desks)
    Case(
        "desks-monitors",
        "Each of the 14 desks needs 2 monitors at 189 each. What budget do I need?",
        [[("multiply", {"a": 2, "b": 189})]],
        "You need a budget of 378.",
    ),
    # unused: 50 (cleaning fee)
    Case(
        "van-cleaning",
        "The van is 79 per day and we need it for 3 days, plus a flat 50 cleaning fee. "
        "What will it cost?",
        [[("multiply", {"a": 79, "b": 3})]],
        "It will cost 237.",
    ),
    # unused: 1% (手续费, fee) - imperative
    Case(
        "zh-exchange-fee",
        "把 5000 美元按 7.2 的汇率换成人民币，再扣掉 1% 的手续费。",
        [[("multiply", {"a": 5000, "b": 7.2})]],
        "可以换到 36000 元人民币。",
    ),
    # unused: 30 元 (tea fee)
    Case(
        "zh-room-tea",
        "会议室每小时 150 元，我们用 4 小时，另外茶水费 30 元，一共多少钱？",
        [[("multiply", {"a": 150, "b": 4})]],
        "一共 600 元。",
    ),
    # unused: 99 (joining fee)
    Case(
        "gym-joining",
        "Membership is 39 a month, and there's a one-time joining fee of 99. What do I "
        "pay in the first year?",
        [[("multiply", {"a": 39, "b": 12})]],
        "You pay 468 in the first year.",
    ),
    # unused: 2 (extra stickers)
    Case(
        "stickers-prime",
        "I have 3 packs of 17 stickers and my sister gives me 2 more. Is my total a prime number?",
        [[("multiply", {"a": 3, "b": 17})], [("is_prime", {"n": 51})]],
        "No, 51 is not a prime number.",
    ),
    # unused: 5 (days a week)
    Case(
        "commute-week",
        "My commute is 36 km a day, round trip. I go in 5 days a week. How many miles "
        "is that a week?",
        [[("convert_units", {"value": 36, "from_unit": "km", "to_unit": "miles"})]],
        "About 22.37 miles a week.",
    ),
    # unused: 30% (tax) - imperative
    Case(
        "salary-tax",
        "Take the 2,800 monthly salary times 12 and tell me what's left after 30% tax",
        [[("multiply", {"a": 2800, "b": 12})]],
        "That leaves 33,600.",
    ),
    # unused: 45-minute (meeting duration)
    Case(
        "afternoon-hours",
        "Each call takes 12 minutes and I have 15 calls, then a 45-minute meeting. "
        "How many hours is my afternoon?",
        [[("multiply", {"a": 12, "b": 15})], [("divide", {"a": 180, "b": 60})]],
        "Your afternoon is 3 hours.",
    ),
    # unused: 6 (kids to share the cake)
    Case(
        "cake-grams",
        "A 1.5 kg cake shared by 6 kids - how many grams does each get?",
        [[("multiply", {"a": 1.5, "b": 1000})]],
        "Each gets 1500 grams.",
    ),
    # unused: 20 元 (满减 discount)
    Case(
        "zh-books-discount",
        "每本 45 元，买 3 本，满减优惠减 20 元，要付多少？",
        [[("multiply", {"a": 45, "b": 3})]],
        "要付 135 元。",
    ),
]


SENT_BACK_WITH_THE_AIDS: set[str] = set()
"""Correct answers the aids still send back: none since a number said before the clause
that asks, and not named by the answer, lets the answer stand."""

CAUGHT_WITH_THE_AIDS = 15
"""Stopped-short questions the aids send back on every strategy (of 36)."""
